import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { OptionalBody } from '@/common/validation/optional-body';
import { CV_LANGUAGES, type CvLanguage, DEFAULT_CV_LANGUAGE } from '@/cv/cv-language';

const LANG_MESSAGE = `Input should be ${CV_LANGUAGES.map((lang) => `'${lang}'`).join(' or ')}`;

/** `?lang=` of the download; english when left out. */
export class CvLanguageQueryDto {
  @ApiPropertyOptional({ enum: CV_LANGUAGES, default: DEFAULT_CV_LANGUAGE })
  @IsIn(CV_LANGUAGES, { message: LANG_MESSAGE })
  readonly lang: CvLanguage = DEFAULT_CV_LANGUAGE;
}

/** The optional body of the CV operations; english when left out. */
@ApiSchema({ name: 'CVDownloadRequest' })
@OptionalBody()
export class CvDownloadRequestDto extends CvLanguageQueryDto {}

/** `{lang}` of the admin CV operations. */
export class CvLanguageParams {
  @ApiProperty({ enum: CV_LANGUAGES, description: 'The CV language', example: 'english' })
  @IsIn(CV_LANGUAGES, { message: LANG_MESSAGE })
  readonly lang!: CvLanguage;
}
