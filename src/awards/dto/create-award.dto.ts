import { ApiProperty, ApiPropertyOptional, ApiSchema, PartialType } from '@nestjs/swagger';
import { IsOmittable, IsText } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'AwardCreate' })
export class CreateAwardDto {
  @ApiProperty({ maxLength: 200, example: 'Open Source Contributor of the Year' })
  @IsText({ min: 1, max: 200 })
  readonly title!: string;

  @ApiProperty({ maxLength: 200, example: 'Dutch Open Source Foundation' })
  @IsText({ min: 1, max: 200 })
  readonly organization!: string;

  @ApiProperty({ maxLength: 20, description: 'Display text, usually a year', example: '2025' })
  @IsText({ min: 1, max: 20 })
  readonly year!: string;

  @ApiPropertyOptional({ maxLength: 2000, example: 'For maintaining Ledger Lens and mentoring its contributors.' })
  @IsOmittable()
  @IsText({ max: 2000 })
  readonly description?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'star' })
  @IsOmittable()
  @IsText({ max: 100 })
  readonly iconName?: string;

  @ApiPropertyOptional({ maxLength: 50, example: '#7c3aed' })
  @IsOmittable()
  @IsText({ max: 50 })
  readonly bgColor?: string;
}

/** Shared by PUT (which also needs title, organization and year) and PATCH. */
@ApiSchema({ name: 'AwardUpdate' })
export class UpdateAwardDto extends PartialType(CreateAwardDto, { skipNullProperties: false }) {}
