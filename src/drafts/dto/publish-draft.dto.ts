import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import { OptionalBody } from '@/common/validation/optional-body';

/** No body (or no `at`): publish now. */
@ApiSchema({ name: 'PublishDraftRequest' })
@OptionalBody()
export class PublishDraftDto {
  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'When to publish (ISO 8601, in the future): once, by whichever instance is up then, within 5 s of it',
    example: '2036-12-01T08:00:00.000Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Input should be a date and time in ISO 8601 (2026-12-07T08:00:00Z)' })
  readonly at?: string;
}
