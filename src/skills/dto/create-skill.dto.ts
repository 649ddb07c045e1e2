import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOmittable, IsText, IsTextList } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'SkillCreate' })
export class CreateSkillDto {
  @ApiProperty({ maxLength: 100, example: 'TypeScript' })
  @IsText({ min: 1, max: 100 })
  readonly name!: string;

  @ApiPropertyOptional({ type: [String], maxItems: 50, description: 'Titles of projects that used the skill' })
  @IsOmittable()
  @IsTextList({ maxItems: 50, max: 200 })
  readonly projects?: string[];
}
