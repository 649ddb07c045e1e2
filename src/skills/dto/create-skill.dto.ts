import { ApiSchema } from '@nestjs/swagger';
import { TextField, TextListField } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'SkillCreate' })
export class CreateSkillDto {
  @TextField({ min: 1, max: 100, example: 'TypeScript' })
  readonly name!: string;

  @TextListField({
    maxItems: 50,
    max: 200,
    description:
      'Slugs of the projects that used the skill; each names a project (422 otherwise), and follows it when its slug changes or it is deleted',
    example: ['tidewatch'],
  })
  readonly projects?: string[];
}
