import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { LANGUAGES } from '@/content';
import { PerLanguageModel } from '@/content-domain/translations';
import type { DownloadsByLocale } from '@/cv/persistence/cv-download-events.repository';

/** One count per language. */
@ApiSchema({ name: 'DownloadsByLocale' })
class DownloadsByLocaleDto extends PerLanguageModel<DownloadsByLocale>(() => ApiProperty({ type: Number, example: 12 })) {}

@ApiSchema({ name: 'CVDownloadCounts' })
export class CvDownloadCountsDto {
  @ApiProperty({ example: 12 * LANGUAGES.length })
  readonly total!: number;

  @ApiProperty({ type: DownloadsByLocaleDto })
  readonly byLocale!: DownloadsByLocaleDto;
}
