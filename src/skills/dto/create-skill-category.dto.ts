import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNestedList, IsOmittable, TextField } from '@/common/validation/validation.decorators';
import { CreateSkillDto } from './create-skill.dto';

@ApiSchema({ name: 'SkillCategoryCreate' })
export class CreateSkillCategoryDto {
  @TextField({ min: 1, max: 100, example: 'Languages' })
  readonly title!: string;

  @TextField({ max: 100, optional: true, example: 'code' })
  readonly iconName?: string;

  @TextField({ max: 50, optional: true, example: '#3b82f6' })
  readonly iconColor?: string;

  @ApiPropertyOptional({ type: [CreateSkillDto], maxItems: 100 })
  @IsOmittable()
  @IsNestedList(() => CreateSkillDto, { maxItems: 100 })
  readonly skills?: CreateSkillDto[];
}
