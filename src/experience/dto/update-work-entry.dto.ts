import { ApiSchema, PartialType } from '@nestjs/swagger';
import { CreateWorkEntryDto } from './create-work-entry.dto';

/** Shared by PUT (which also needs company, role and period) and PATCH. */
@ApiSchema({ name: 'WorkEntryUpdate' })
export class UpdateWorkEntryDto extends PartialType(CreateWorkEntryDto, { skipNullProperties: false }) {}
