import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsNestedList, IsOmittable, IsText } from '@/common/validation/validation.decorators';
import { CreateSkillDto } from './create-skill.dto';

@ApiSchema({ name: 'SkillCategoryCreate' })
export class CreateSkillCategoryDto {
  @ApiProperty({ maxLength: 100, example: 'Languages' })
  @IsText({ min: 1, max: 100 })
  readonly title!: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'code' })
  @IsOmittable()
  @IsText({ max: 100 })
  readonly iconName?: string;

  @ApiPropertyOptional({ maxLength: 50, example: '#3b82f6' })
  @IsOmittable()
  @IsText({ max: 50 })
  readonly iconColor?: string;

  @ApiPropertyOptional({ type: [CreateSkillDto], maxItems: 100 })
  @IsOmittable()
  @IsNestedList(() => CreateSkillDto, { maxItems: 100 })
  readonly skills?: CreateSkillDto[];
}
