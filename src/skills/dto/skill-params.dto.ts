import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';
import { EXAMPLE_CATEGORY_ID, EXAMPLE_SKILL_ID } from '@/skills/skills.examples';

export class SkillCategoryIdParams {
  @ApiProperty({ format: 'uuid', description: 'Skill category UUID', example: EXAMPLE_CATEGORY_ID })
  @IsUuid()
  readonly category_id!: string;
}

export class SkillIdParams {
  @ApiProperty({ format: 'uuid', description: 'Skill UUID', example: EXAMPLE_SKILL_ID })
  @IsUuid()
  readonly skill_id!: string;
}
