import { ApiPropertyOptional, ApiSchema, OmitType } from '@nestjs/swagger';
import { WithId } from '@/common/dto/with-id';
import { IsNestedList, IsOmittable } from '@/common/validation/validation.decorators';
import { CreateSkillCategoryDto } from './create-skill-category.dto';
import { CreateSkillDto } from './create-skill.dto';

@ApiSchema({ name: 'SkillItem' })
export class SkillItemDto extends WithId(CreateSkillDto) {}

/** A skill category in a content document, with its skills. */
@ApiSchema({ name: 'SkillCategoryItem' })
export class SkillCategoryItemDto extends WithId(OmitType(CreateSkillCategoryDto, ['skills'] as const)) {
  @ApiPropertyOptional({ type: [SkillItemDto], maxItems: 100 })
  @IsOmittable()
  @IsNestedList(() => SkillItemDto, { maxItems: 100 })
  readonly skills?: SkillItemDto[];
}
