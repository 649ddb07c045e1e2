import { ApiSchema, PartialType, PickType } from '@nestjs/swagger';
import { WORK_ENTRY_TEXT_FIELDS, type WorkEntryText, type Translations } from '@/content';
import { TranslationsField, TranslationsOf } from '@/content-domain/translations';
import { NestedListField, NullableTextField, TextField, TextListField } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'AdditionalProjectInput' })
export class AdditionalProjectInputDto {
  @TextField({ min: 1, max: 200, example: 'Sensor Health Dashboard' })
  readonly title!: string;

  @TextField({ max: 2000, example: 'Internal tool that scores sensor reliability per site.' })
  readonly description!: string;
}

@ApiSchema({ name: 'WorkEntryCreate' })
export class CreateWorkEntryDto {
  @TextField({ min: 1, max: 200, example: 'Nordlicht Mobility' })
  readonly company!: string;

  @TextField({ min: 1, max: 200, example: 'Senior Software Engineer' })
  readonly role!: string;

  @TextField({ min: 1, max: 100, description: 'Display text', example: 'Mar 2023 – Present' })
  readonly period!: string;

  @TextField({ max: 200, optional: true, example: 'Utrecht, Netherlands' })
  readonly location?: string;

  @TextField({ max: 100, optional: true, example: 'Full-time' })
  readonly type?: string;

  @TextField({ max: 5000, optional: true })
  readonly description?: string;

  @TextListField({ maxItems: 50, max: 1000 })
  readonly responsibilities?: string[];

  @TextListField({ maxItems: 50, max: 100 })
  readonly technologies?: string[];

  @NullableTextField({ max: 2000 })
  readonly note?: string | null;

  @NestedListField(AdditionalProjectInputDto, { maxItems: 20, nullable: true })
  readonly additionalProjects?: AdditionalProjectInputDto[] | null;

  @NullableTextField({ max: 1000 })
  readonly achievement?: string | null;

  @TranslationsField(() => WorkEntryTranslationsDto)
  // Typed by its shape: the model's class is made below, after this one.
  readonly translations?: Translations<WorkEntryText>;
}

/** The texts of a work entry a visitor reads, in another language: each with its own rules, all optional. */
@ApiSchema({ name: 'WorkEntryText' })
export class WorkEntryTextDto extends PartialType(PickType(CreateWorkEntryDto, WORK_ENTRY_TEXT_FIELDS), { skipNullProperties: false }) {}

export const WorkEntryTranslationsDto = TranslationsOf(WorkEntryTextDto, 'WorkEntryTranslations');
