import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsWholeNumber } from '@/common/validation/validation.decorators';
import { LARGEST_REVISION_ID } from './revision-params.dto';

export const MOST_REVISIONS_A_PAGE = 200;

export class RevisionsQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MOST_REVISIONS_A_PAGE,
    default: 50,
    description: 'How many revisions',
    example: 20,
  })
  @IsOptional()
  @IsWholeNumber({ min: 1, max: MOST_REVISIONS_A_PAGE })
  readonly limit: number = 50;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LARGEST_REVISION_ID,
    description: 'Only revisions older than this one: the last id of the previous page',
    example: 23,
  })
  @IsOptional()
  @IsWholeNumber({ min: 1, max: LARGEST_REVISION_ID })
  readonly before?: number;
}
