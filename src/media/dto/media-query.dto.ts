import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { IsWholeNumber } from '@/common/validation/validation.decorators';
import { EXAMPLE_MEDIA_ID } from '@/media/media.examples';
import { MEDIA_ID, MEDIA_ID_MESSAGE } from './media-params.dto';

export const MOST_MEDIA_A_PAGE = 100;

/** `?w=` of the negotiating URL: the width the page shows it at. */
export class MediaWidthQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 10_000,
    description: 'The width the page shows it at; the widest when left out',
    example: 640,
  })
  @IsOptional()
  @IsWholeNumber({ min: 1, max: 10_000 })
  readonly w?: number;
}

export class MediaListQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MOST_MEDIA_A_PAGE, default: 20, description: 'How many items', example: 20 })
  @IsOptional()
  @IsWholeNumber({ min: 1, max: MOST_MEDIA_A_PAGE })
  readonly limit: number = 20;

  @ApiPropertyOptional({
    description: 'Only items added before this one: the last id of the previous page',
    example: EXAMPLE_MEDIA_ID,
  })
  @IsOptional()
  @Matches(MEDIA_ID, { message: MEDIA_ID_MESSAGE })
  readonly before?: string;
}
