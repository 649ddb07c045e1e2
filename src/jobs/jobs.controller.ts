import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { CONTENT_STORE_UNAVAILABLE as UNAVAILABLE } from '@/common/openapi/common-responses';
import { JobDto } from './dto/job.dto';
import { JobIdParams } from './dto/job-params.dto';
import { JobsQueryDto } from './dto/jobs-query.dto';
import { JobQueue } from './job-queue';

const NEEDS_A_DATABASE = 'Deferred work is queued in the database (503 without one).';

/** The deferred-work queue, for an operator: what waits, runs and failed, and a failed job run again. */
@ApiTags('jobs')
@Controller('admin/jobs')
export class JobsController {
  constructor(private readonly queue: JobQueue) {}

  @Get()
  @AdminOperation({
    operationId: 'listJobs',
    summary: 'Deferred work, newest first: webhook deliveries, scheduled publishes, sweeps',
    description: `Finished jobs are kept a week. ${NEEDS_A_DATABASE}`,
    responses: { 503: UNAVAILABLE, 200: { type: [JobDto], description: 'At most `limit` jobs' } },
  })
  list(@Query() { state, limit }: JobsQueryDto): Promise<JobDto[]> {
    return this.queue.list(state, limit);
  }

  @Post(':job_id/retry')
  @HttpCode(HttpStatus.OK)
  @AdminOperation({
    operationId: 'retryJob',
    summary: 'Run a failed job again, with its attempts counted anew',
    description: NEEDS_A_DATABASE,
    responses: {
      503: UNAVAILABLE,
      200: JobDto,
      404: { description: 'No job has this id, or it has not failed', detail: `No failed job 6f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b` },
    },
  })
  retry(@Param() { job_id }: JobIdParams): Promise<JobDto> {
    return this.queue.retry(job_id);
  }
}
