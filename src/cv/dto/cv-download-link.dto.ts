import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CV_LANGUAGES, type CvLanguage } from '@/cv/cv-language';

@ApiSchema({ name: 'CVDownloadLink' })
export class CvDownloadLinkDto {
  @ApiProperty({ description: 'Site-relative GET path of the file', example: '/api/download-cv?lang=english' })
  readonly downloadUrl!: string;

  @ApiProperty({ enum: CV_LANGUAGES, example: 'english' })
  readonly lang!: CvLanguage;

  @ApiProperty({ example: 'cv-english.pdf' })
  readonly filename!: string;
}
