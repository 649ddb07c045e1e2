import { ApiSchema, PartialType } from '@nestjs/swagger';
import { CreateSkillDto } from './create-skill.dto';

/** Shared by PUT (which also needs name) and PATCH. */
@ApiSchema({ name: 'SkillUpdate' })
export class UpdateSkillDto extends PartialType(CreateSkillDto, { skipNullProperties: false }) {}
