import { ApiSchema, PartialType } from '@nestjs/swagger';
import { TextField } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'AwardCreate' })
export class CreateAwardDto {
  @TextField({ min: 1, max: 200, example: 'Open Source Contributor of the Year' })
  readonly title!: string;

  @TextField({ min: 1, max: 200, example: 'Dutch Open Source Foundation' })
  readonly organization!: string;

  @TextField({ min: 1, max: 20, description: 'Display text, usually a year', example: '2025' })
  readonly year!: string;

  @TextField({ max: 2000, optional: true, example: 'For maintaining Ledger Lens and mentoring its contributors.' })
  readonly description?: string;

  @TextField({ max: 100, optional: true, example: 'star' })
  readonly iconName?: string;

  @TextField({ max: 50, optional: true, example: '#7c3aed' })
  readonly bgColor?: string;
}

/** Shared by PUT (which also needs title, organization and year) and PATCH. */
@ApiSchema({ name: 'AwardUpdate' })
export class UpdateAwardDto extends PartialType(CreateAwardDto, { skipNullProperties: false }) {}
