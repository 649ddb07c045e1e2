import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsWholeNumber } from '@/common/validation/validation.decorators';

export class ExperienceQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Only the N most recent entries', example: 3 })
  @IsOptional()
  @IsWholeNumber({ min: 0 })
  readonly top?: number;
}
