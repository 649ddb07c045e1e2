import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { IsWholeNumber } from '@/common/validation/validation.decorators';
import { JOB_STATES, type JobState } from '@/jobs/job-queue';

export const MOST_JOBS_A_PAGE = 500;

export class JobsQueryDto {
  @ApiPropertyOptional({ enum: JOB_STATES, description: 'Only jobs in this state; every state without it', example: 'failed' })
  @IsOptional()
  @IsIn(JOB_STATES, { message: `Input should be ${JOB_STATES.map((state) => `'${state}'`).join(', ')}` })
  readonly state?: JobState;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MOST_JOBS_A_PAGE,
    default: 100,
    description: 'How many jobs, newest first',
    example: 50,
  })
  @IsOptional()
  @IsWholeNumber({ min: 1, max: MOST_JOBS_A_PAGE })
  readonly limit: number = 100;
}
