import { withoutADatabase } from '@/database/without-a-database';

const unavailable = withoutADatabase('deferred work is queued in the database');

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A kind of deferred work: its queue, what one job of it does, and how failures are retried. */
export interface JobDefinition<T extends object> {
  queue: string;
  /** Runs one job; a throw fails this attempt, retried as below until the attempts are spent. */
  run: (data: T) => Promise<void>;
  /** Attempts after the first (default 2), the first `retryDelaySeconds` later (default 5), doubling if `retryBackoff`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** How long one attempt may run before it counts as failed and another instance may take it (default 60 s). */
  expireInSeconds?: number;
  /** `short`: at most one job of the queue waits; a send while one waits adds nothing. `stately`: besides, at most one runs. */
  policy?: 'standard' | 'short' | 'stately';
  /** How many of its jobs one instance runs at once (default 1): `workers` each taking up to `batch` at a time. */
  workers?: number;
  batch?: number;
  /** How soon a job due at a set time is run, at most (default 1 s): how often an instance looks for one. */
  lookEverySeconds?: number;
  /** A cron schedule (UTC) the job is also sent on, once across instances. */
  cron?: string;
}

export interface SendOptions {
  /** Not before then. */
  startAfter?: Date;
  /** At most one job of this key waits (with `policy: 'short'` queues: of the whole queue). */
  singletonKey?: string;
}

/** A job as an operator sees it. */
export interface QueuedJob {
  id: string;
  queue: string;
  state: JobState;
  data: object;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  /** What the last attempt ended with: its error when it failed. */
  output: object | null;
}

/**
 * The one durable queue of deferred work, in PostgreSQL: a job is kept across restarts, taken by
 * one instance of several, and retried as its definition says. Modules define their jobs before
 * the application starts (onModuleInit); the queue starts with it. A send inside a transaction
 * is part of it: the job exists only if the transaction commits.
 */
export abstract class JobQueue {
  abstract define<T extends object>(definition: JobDefinition<T>): void;
  /** The job's id, or null when a waiting job of the same key (or short queue) makes it needless. */
  abstract send<T extends object>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  abstract cancel(queue: string, id: string): Promise<void>;
  /** The newest jobs of every queue, in the state given or any. */
  abstract list(state: JobState | undefined, limit: number): Promise<QueuedJob[]>;
  /** Runs a failed job again, its attempts counted anew. */
  abstract retry(id: string): Promise<QueuedJob>;
}

/** Without a database there is no deferred work: nothing is defined or sent, and asking for jobs is 503. */
export class NoJobQueue extends JobQueue {
  define(): void {}

  send(): Promise<null> {
    return Promise.resolve(null);
  }

  cancel(): Promise<void> {
    return Promise.resolve();
  }

  list(): Promise<never> {
    return unavailable();
  }

  retry(): Promise<never> {
    return unavailable();
  }
}
