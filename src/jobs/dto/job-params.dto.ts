import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';
import { EXAMPLE_JOB_ID } from './job.dto';

export class JobIdParams {
  @ApiProperty({ format: 'uuid', description: 'Job id', example: EXAMPLE_JOB_ID })
  @IsUuid()
  readonly job_id!: string;
}
