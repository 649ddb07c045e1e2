import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNestedList, IsNullable, IsOmittable, IsText, IsTextList } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'AdditionalProjectInput' })
export class AdditionalProjectInputDto {
  @ApiProperty({ maxLength: 200, example: 'Sensor Health Dashboard' })
  @IsText({ min: 1, max: 200 })
  readonly title!: string;

  @ApiProperty({ maxLength: 2000, example: 'Internal tool that scores sensor reliability per site.' })
  @IsText({ max: 2000 })
  readonly description!: string;
}

@ApiSchema({ name: 'WorkEntryCreate' })
export class CreateWorkEntryDto {
  @ApiProperty({ maxLength: 200, example: 'Nordlicht Mobility' })
  @IsText({ min: 1, max: 200 })
  readonly company!: string;

  @ApiProperty({ maxLength: 200, example: 'Senior Software Engineer' })
  @IsText({ min: 1, max: 200 })
  readonly role!: string;

  @ApiProperty({ maxLength: 100, description: 'Display text', example: 'Mar 2023 – Present' })
  @IsText({ min: 1, max: 100 })
  readonly period!: string;

  @ApiPropertyOptional({ maxLength: 200, example: 'Utrecht, Netherlands' })
  @IsOmittable()
  @IsText({ max: 200 })
  readonly location?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'Full-time' })
  @IsOmittable()
  @IsText({ max: 100 })
  readonly type?: string;

  @ApiPropertyOptional({ maxLength: 5000 })
  @IsOmittable()
  @IsText({ max: 5000 })
  readonly description?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOmittable()
  @IsTextList({ maxItems: 50, max: 1000 })
  readonly responsibilities?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOmittable()
  @IsTextList({ maxItems: 50, max: 100 })
  readonly technologies?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsNullable()
  @IsText({ max: 2000 })
  readonly note?: string | null;

  @ApiPropertyOptional({ type: [AdditionalProjectInputDto], nullable: true, maxItems: 20 })
  @IsNullable()
  @IsNestedList(() => AdditionalProjectInputDto, { maxItems: 20 })
  readonly additionalProjects?: AdditionalProjectInputDto[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000 })
  @IsNullable()
  @IsText({ max: 1000 })
  readonly achievement?: string | null;
}
