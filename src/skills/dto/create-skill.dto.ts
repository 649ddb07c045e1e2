import { ApiSchema } from '@nestjs/swagger';
import { TextField, TextListField } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'SkillCreate' })
export class CreateSkillDto {
  @TextField({ min: 1, max: 100, example: 'TypeScript' })
  readonly name!: string;

  @TextListField({ maxItems: 50, max: 200, description: 'Titles of projects that used the skill' })
  readonly projects?: string[];
}
