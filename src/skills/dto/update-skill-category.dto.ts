import { ApiSchema, OmitType, PartialType } from '@nestjs/swagger';
import { CreateSkillCategoryDto } from './create-skill-category.dto';

/** No skills: they change through the skill endpoints, never through their category. */
@ApiSchema({ name: 'SkillCategoryUpdate' })
export class UpdateSkillCategoryDto extends PartialType(OmitType(CreateSkillCategoryDto, ['skills'] as const), {
  skipNullProperties: false,
}) {}
