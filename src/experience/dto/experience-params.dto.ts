import { ApiProperty } from '@nestjs/swagger';
import { IsUuid, IsWholeNumber } from '@/common/validation/validation.decorators';

export class ExperienceIndexParams {
  @ApiProperty({ type: 'integer' })
  @IsWholeNumber()
  readonly index!: number;
}

export class WorkEntryIdParams {
  @ApiProperty({ format: 'uuid', description: 'Work entry UUID' })
  @IsUuid()
  readonly entry_id!: string;
}
