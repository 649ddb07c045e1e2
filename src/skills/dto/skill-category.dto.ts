import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'Skill' })
export class SkillDto {
  @ApiProperty({ format: 'uuid', example: '5d2b7e1a-9c4f-4b8e-a6d3-2e7f1c9b8a01' })
  readonly id!: string;

  @ApiProperty({ example: 'TypeScript' })
  readonly name!: string;

  @ApiProperty({ type: [String], description: 'Titles of projects that used the skill', example: ['Tidewatch'] })
  readonly projects!: readonly string[];
}

@ApiSchema({ name: 'SkillCategory' })
export class SkillCategoryDto {
  @ApiProperty({ format: 'uuid', example: '8a4e0c6b-2d1f-4e3a-b5c7-1f9d2e8a7b01' })
  readonly id!: string;

  @ApiProperty({ example: 'Languages' })
  readonly title!: string;

  @ApiProperty({ example: 'code' })
  readonly iconName!: string;

  @ApiProperty({ example: '#3b82f6' })
  readonly iconColor!: string;

  @ApiProperty({ type: [SkillDto] })
  readonly skills!: readonly SkillDto[];
}
