import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'DownloadsByLocale' })
class DownloadsByLocaleDto {
  @ApiProperty({ example: 12 })
  readonly english!: number;

  @ApiProperty({ example: 5 })
  readonly nederlands!: number;
}

@ApiSchema({ name: 'CVDownloadCounts' })
export class CvDownloadCountsDto {
  @ApiProperty({ example: 17 })
  readonly total!: number;

  @ApiProperty({ type: DownloadsByLocaleDto })
  readonly byLocale!: DownloadsByLocaleDto;
}
