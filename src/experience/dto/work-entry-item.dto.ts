import { ApiSchema } from '@nestjs/swagger';
import { WithId } from '@/common/dto/with-id';
import { CreateWorkEntryDto } from './create-work-entry.dto';

@ApiSchema({ name: 'WorkEntryItem' })
export class WorkEntryItemDto extends WithId(CreateWorkEntryDto) {}
