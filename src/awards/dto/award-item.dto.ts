import { ApiSchema } from '@nestjs/swagger';
import { WithId } from '@/common/dto/with-id';
import { CreateAwardDto } from './create-award.dto';

@ApiSchema({ name: 'AwardItem' })
export class AwardItemDto extends WithId(CreateAwardDto) {}
