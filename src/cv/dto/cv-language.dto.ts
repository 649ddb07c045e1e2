import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { OptionalBody } from '@/common/validation/optional-body';
import { LANGUAGE_MESSAGE, LanguageQueryDto } from '@/content-domain/language-query.dto';
import { CV_LANGUAGES, type CvLanguage } from '@/cv/cv-language';

/** `?lang=` of the download; english when left out. */
export class CvLanguageQueryDto extends LanguageQueryDto {}

/** The optional body of the CV operations; english when left out. */
@ApiSchema({ name: 'CVDownloadRequest' })
@OptionalBody()
export class CvDownloadRequestDto extends CvLanguageQueryDto {}

/** `{lang}` of the admin CV operations. */
export class CvLanguageParams {
  @ApiProperty({ enum: CV_LANGUAGES, description: 'The CV language', example: 'english' })
  @IsIn(CV_LANGUAGES, { message: LANGUAGE_MESSAGE })
  readonly lang!: CvLanguage;
}
