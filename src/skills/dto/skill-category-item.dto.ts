import { ApiSchema, OmitType } from '@nestjs/swagger';
import { WithId } from '@/common/dto/with-id';
import { NestedListField } from '@/common/validation/validation.decorators';
import { CreateSkillCategoryDto, MAX_SKILLS_PER_CATEGORY } from './create-skill-category.dto';
import { CreateSkillDto } from './create-skill.dto';

@ApiSchema({ name: 'SkillItem' })
export class SkillItemDto extends WithId(CreateSkillDto) {}

/** A skill category in a content document, with its skills. */
@ApiSchema({ name: 'SkillCategoryItem' })
export class SkillCategoryItemDto extends WithId(OmitType(CreateSkillCategoryDto, ['skills'] as const)) {
  @NestedListField(SkillItemDto, { maxItems: MAX_SKILLS_PER_CATEGORY })
  readonly skills?: SkillItemDto[];
}
