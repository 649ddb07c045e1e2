import { ApiPropertyOptional, ApiSchema, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { WithId } from '@/common/dto/with-id';
import { IsOmittable } from '@/common/validation/validation.decorators';
import { CreateSkillCategoryDto } from './create-skill-category.dto';
import { CreateSkillDto } from './create-skill.dto';

@ApiSchema({ name: 'SkillItem' })
export class SkillItemDto extends WithId(CreateSkillDto) {}

/** A skill category in a content document, with its skills. */
@ApiSchema({ name: 'SkillCategoryItem' })
export class SkillCategoryItemDto extends WithId(OmitType(CreateSkillCategoryDto, ['skills'] as const)) {
  @ApiPropertyOptional({ type: [SkillItemDto], maxItems: 100 })
  @IsOmittable()
  @IsArray({ message: 'Input should be a valid list' })
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => SkillItemDto)
  readonly skills?: SkillItemDto[];
}
