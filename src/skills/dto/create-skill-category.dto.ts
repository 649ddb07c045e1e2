import { ApiSchema, PartialType, PickType } from '@nestjs/swagger';
import { SKILL_CATEGORY_TEXT_FIELDS, type SkillCategoryText, type Translations } from '@/content';
import { TranslationsField, TranslationsOf } from '@/content-domain/translations';
import { NestedListField, TextField } from '@/common/validation/validation.decorators';
import { CreateSkillDto } from './create-skill.dto';

/** How many skills a category holds at most. */
export const MAX_SKILLS_PER_CATEGORY = 100;

@ApiSchema({ name: 'SkillCategoryCreate' })
export class CreateSkillCategoryDto {
  @TextField({ min: 1, max: 100, example: 'Languages' })
  readonly title!: string;

  @TextField({ max: 100, optional: true, example: 'code' })
  readonly iconName?: string;

  @TextField({ max: 50, optional: true, example: '#3b82f6' })
  readonly iconColor?: string;

  @NestedListField(CreateSkillDto, { maxItems: MAX_SKILLS_PER_CATEGORY })
  readonly skills?: CreateSkillDto[];

  @TranslationsField(() => SkillCategoryTranslationsDto)
  // Typed by its shape: the model's class is made below, after this one.
  readonly translations?: Translations<SkillCategoryText>;
}

/** The texts of skillcategory a visitor reads, in another language: each with its own rules, all optional. */
@ApiSchema({ name: 'SkillCategoryText' })
export class SkillCategoryTextDto extends PartialType(PickType(CreateSkillCategoryDto, SKILL_CATEGORY_TEXT_FIELDS), {
  skipNullProperties: false,
}) {}

export const SkillCategoryTranslationsDto = TranslationsOf(SkillCategoryTextDto, 'SkillCategoryTranslations');
