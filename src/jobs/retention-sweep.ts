import type { Logger, OnModuleInit } from '@nestjs/common';
import type { JobQueue } from './job-queue';

const DAY_MS = 24 * 60 * 60_000;

/** The moment `days` days ago: what is older is past a retention of that many days. */
export const daysAgo = (days: number): Date => new Date(Date.now() - days * DAY_MS);

/** A retention kept by a sweep every hour, once across instances: a job on the durable queue, at the hour. */
export abstract class RetentionSweep implements OnModuleInit {
  protected constructor(
    private readonly name: string,
    protected readonly logger: Logger,
    private readonly jobs: JobQueue,
  ) {}

  /** Deletes, or folds, what is past the retention; answers how many rows it took. */
  abstract sweep(): Promise<number>;

  onModuleInit(): void {
    this.jobs.define({ queue: this.name, cron: '0 * * * *', run: async () => void (await this.sweep()) });
  }
}
