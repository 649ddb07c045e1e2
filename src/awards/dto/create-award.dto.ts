import { ApiSchema, PartialType, PickType } from '@nestjs/swagger';
import { AWARD_TEXT_FIELDS, type AwardText, type Translations } from '@/content';
import { TranslationsField, TranslationsOf } from '@/content-domain/translations';
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

  @TranslationsField(() => AwardTranslationsDto)
  // Typed by its shape: the model's class is made below, after this one.
  readonly translations?: Translations<AwardText>;
}

/** The texts of award a visitor reads, in another language: each with its own rules, all optional. */
@ApiSchema({ name: 'AwardText' })
export class AwardTextDto extends PartialType(PickType(CreateAwardDto, AWARD_TEXT_FIELDS), { skipNullProperties: false }) {}

export const AwardTranslationsDto = TranslationsOf(AwardTextDto, 'AwardTranslations');

/** Shared by PUT (which also needs title, organization and year) and PATCH. */
@ApiSchema({ name: 'AwardUpdate' })
export class UpdateAwardDto extends PartialType(CreateAwardDto, { skipNullProperties: false }) {}
