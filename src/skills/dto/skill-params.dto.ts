import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';

export class SkillCategoryIdParams {
  @ApiProperty({ format: 'uuid', description: 'Skill category UUID' })
  @IsUuid()
  readonly category_id!: string;
}

export class SkillIdParams {
  @ApiProperty({ format: 'uuid', description: 'Skill UUID' })
  @IsUuid()
  readonly skill_id!: string;
}
