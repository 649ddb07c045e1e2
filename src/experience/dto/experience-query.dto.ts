import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsWholeNumber } from '@/common/validation/validation.decorators';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';

/** More entries than any portfolio has: a larger `top` asks for them all, and prepares no answer of its own. */
const MOST_RECENT_AT_MOST = 5_000;

export class ExperienceQueryDto extends LanguageQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description: `Only the N most recent entries (a value above ${MOST_RECENT_AT_MOST} counts as ${MOST_RECENT_AT_MOST})`,
    example: 3,
  })
  @IsOptional()
  @IsWholeNumber({ min: 0, clampAt: MOST_RECENT_AT_MOST })
  readonly top?: number;
}
