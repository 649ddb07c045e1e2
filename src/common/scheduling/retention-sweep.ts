import type { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from './periodic-task';

const SWEEP_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The moment `days` days ago: what is older is past a retention of that many days. */
export const daysAgo = (days: number): Date => new Date(Date.now() - days * DAY_MS);

/** A retention kept by a sweep every hour, on every instance (a sweep's statement must be safe to run at the same time). */
export abstract class RetentionSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeps: PeriodicTask;

  protected constructor(
    event: string,
    protected readonly logger: Logger,
  ) {
    this.sweeps = new PeriodicTask(event, () => this.sweep(), logger);
  }

  /** Deletes, or folds, what is past the retention; answers how many rows it took. */
  abstract sweep(): Promise<number>;

  onApplicationBootstrap(): void {
    this.sweeps.start(SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }
}
