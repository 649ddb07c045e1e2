import { ApiSchema, PartialType } from '@nestjs/swagger';
import { CreateProjectDto } from './create-project.dto';

/** Shared by PUT (which also needs title and description) and PATCH. Null is refused where the field is not nullable. */
@ApiSchema({ name: 'ProjectUpdate' })
export class UpdateProjectDto extends PartialType(CreateProjectDto, { skipNullProperties: false }) {}
