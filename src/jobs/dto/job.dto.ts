import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { JOB_STATES, type JobState } from '@/jobs/job-queue';

export const EXAMPLE_JOB_ID = '6f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b';

/** One job of the deferred-work queue. */
@ApiSchema({ name: 'Job' })
export class JobDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_JOB_ID })
  readonly id!: string;

  @ApiProperty({ description: 'Which work it is: a webhook delivery, a scheduled publish, …', example: 'webhook-delivery' })
  readonly queue!: string;

  @ApiProperty({
    enum: JOB_STATES,
    description:
      'created: waiting (until startAfter); active: running; retry: waiting to be tried again; completed; cancelled; failed: its attempts are spent',
    example: 'failed',
  })
  readonly state!: JobState;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'What the job works on',
    example: { deliveryId: EXAMPLE_JOB_ID },
  })
  readonly data!: object;

  @ApiProperty({ type: 'integer', description: 'Attempts made after the first', example: 2 })
  readonly retryCount!: number;

  @ApiProperty({ type: 'integer', description: 'Attempts it may make after the first', example: 2 })
  readonly retryLimit!: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-28T21:00:00.000Z' })
  readonly createdOn!: Date;

  @ApiProperty({ format: 'date-time', description: 'Not run before then', example: '2026-11-28T21:00:05.000Z' })
  readonly startAfter!: Date;

  @ApiProperty({ format: 'date-time', type: String, nullable: true, example: '2026-11-28T21:00:05.120Z' })
  readonly startedOn!: Date | null;

  @ApiProperty({ format: 'date-time', type: String, nullable: true, example: null })
  readonly completedOn!: Date | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'How its last attempt ended: the error of a failed one',
    example: { message: 'connect ECONNREFUSED 203.0.113.7:443' },
  })
  readonly output!: object | null;
}
