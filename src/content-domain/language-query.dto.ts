import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '@/content';

export const LANGUAGE_MESSAGE = `Input should be ${LANGUAGES.map((language) => `'${language}'`).join(' or ')}`;

/** `?lang=` of a read: the language of its texts; English when left out. */
export class LanguageQueryDto {
  @ApiPropertyOptional({
    enum: LANGUAGES,
    default: DEFAULT_LANGUAGE,
    description: 'The language of the texts: each in it where the owner wrote it, in English where not',
  })
  @IsIn(LANGUAGES, { message: LANGUAGE_MESSAGE })
  readonly lang: Language = DEFAULT_LANGUAGE;
}
