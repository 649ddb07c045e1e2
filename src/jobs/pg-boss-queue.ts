import { Logger, NotFoundException, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type Db, PgBoss } from 'pg-boss';
import { type JobDefinition, JobQueue, type JobState, type QueuedJob, type SendOptions } from './job-queue';

/** pg-boss keeps its tables in a schema of its own, which it creates and migrates itself at start. */
const SCHEMA = 'pgboss';
/** Its own small pool, beside TypeORM's: jobs never wait for a connection a request holds. */
const POOL_SIZE = 3;
/** How long a stopping instance lets a job in flight finish before its attempt counts as expired. */
const STOP_WITHIN_MS = 10_000;

/**
 * The job queue on pg-boss: SKIP LOCKED hands each job to one worker of every instance, LISTEN /
 * NOTIFY (on a connection of its own) wakes the workers when a job is sent, a job due later is found by
 * looking (every second, or as its definition says), and cron schedules are sent once across instances.
 */
export class PgBossQueue extends JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();

  constructor(
    url: string,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {
    super();
    this.boss = new PgBoss({
      connectionString: url,
      schema: SCHEMA,
      max: POOL_SIZE,
      application_name: 'portfolio-jobs',
      useListenNotify: true,
    });
    this.boss.on('error', (error) => this.logger.warn({ event: 'job_queue_error', detail: error.message }));
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.queue, definition as JobDefinition<object>);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    for (const {
      queue,
      run,
      cron,
      workers = 1,
      batch = 1,
      lookEverySeconds = 1,
      retryLimit = 2,
      retryDelaySeconds = 5,
      retryBackoff = false,
      expireInSeconds = 60,
      policy,
    } of this.definitions.values()) {
      const options = { retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds };
      await this.boss.createQueue(queue, { ...options, notify: true, policy: policy ?? 'standard' });
      await this.boss.updateQueue(queue, { ...options, notify: true });
      const looks = { pollingIntervalSeconds: lookEverySeconds, notifyPollingIntervalSeconds: lookEverySeconds };
      // A full batch is fetched again at once: a backlog is worked through without waiting for the next look.
      const batches = { localConcurrency: workers, batchSize: batch, burstWhenBatchFull: true };
      await this.boss.work<object>(
        queue,
        { ...looks, ...batches },
        async (jobs) => void (await Promise.all(jobs.map((job) => run(job.data)))),
      );
      if (cron) await this.boss.schedule(queue, cron);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: STOP_WITHIN_MS });
  }

  send<T extends object>(queue: string, data: T, { startAfter, singletonKey }: SendOptions = {}): Promise<string | null> {
    return this.boss.send(queue, data, { startAfter, singletonKey, db: this.transaction() });
  }

  async cancel(queue: string, id: string): Promise<void> {
    await this.boss.cancel(queue, id, { db: this.transaction() });
  }

  /** Read from pg-boss's job table, whose columns its SQL interface documents: newest first, across the service's queues. */
  async list(state: JobState | undefined, limit: number): Promise<QueuedJob[]> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT ${COLUMNS} FROM ${SCHEMA}.job WHERE name = ANY($1) AND ($2::text IS NULL OR state::text = $2) ORDER BY created_on DESC, id LIMIT $3`,
        [[...this.definitions.keys()], state ?? null, limit],
      );
    return rows as QueuedJob[];
  }

  async retry(id: string): Promise<QueuedJob> {
    const failed = await this.find(id);
    if (failed?.state !== 'failed') throw new NotFoundException({ detail: `No failed job ${id}` });
    await this.boss.retry(failed.queue, id);
    return (await this.find(id))!;
  }

  private async find(id: string): Promise<QueuedJob | undefined> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(`SELECT ${COLUMNS} FROM ${SCHEMA}.job WHERE id = $1 AND name = ANY($2)`, [id, [...this.definitions.keys()]]);
    return rows[0] as QueuedJob | undefined;
  }

  /** The transaction this send is part of, if any: the job is sent on its connection and commits with it. */
  private transaction(): Db | undefined {
    if (!this.txHost.isTransactionActive()) return undefined;
    const runner = this.txHost.tx.queryRunner!;
    return { executeSql: async (text, values) => ({ rows: (await runner.query(text, values, true)).records }) };
  }
}

const COLUMNS = [
  'id',
  'name AS queue',
  'state',
  // A job a cron schedule sent has none (NULL): it is described, and listed, as the empty object.
  "COALESCE(data, '{}'::jsonb) AS data",
  'retry_count AS "retryCount"',
  'retry_limit AS "retryLimit"',
  'created_on AS "createdOn"',
  'start_after AS "startAfter"',
  'started_on AS "startedOn"',
  'completed_on AS "completedOn"',
  'output',
].join(', ');
