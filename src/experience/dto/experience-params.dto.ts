import { ApiProperty } from '@nestjs/swagger';
import { IsUuid, IsWholeNumber } from '@/common/validation/validation.decorators';
import { EXAMPLE_ENTRY_ID } from '@/experience/experience.examples';

export class ExperienceIndexParams {
  @ApiProperty({ type: 'integer', description: 'Position, 0 being the newest entry', example: 0 })
  @IsWholeNumber()
  readonly index!: number;
}

export class WorkEntryIdParams {
  @ApiProperty({ format: 'uuid', description: 'Work entry UUID', example: EXAMPLE_ENTRY_ID })
  @IsUuid()
  readonly entry_id!: string;
}
