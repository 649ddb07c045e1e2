import { Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { isDatabaseUnavailable, unavailabilityReason } from '@/common/errors/database-unavailable';
import type { DatabaseConfig } from '@/config/database.config';
import { postgresOptions } from './data-source.options';

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;

/**
 * The service's data source on DATABASE_URL (DatabaseModule loads this file only when it is set).
 * Connects, waiting for a database that is not up yet (compose and Kubernetes often start the
 * service first): retries with a doubling back-off up to 5 s, each wait logged, until
 * DB_STARTUP_WAIT_MS is spent; then the last failure stops start-up. Credentials the server
 * rejects are not waited for. Then applies the pending migrations (unless DB_MIGRATIONS_RUN is
 * false) and logs which.
 */
export async function connectDatabase(
  { url, startupWaitMs, migrationsRun }: DatabaseConfig & { url: string },
  entities: DataSourceOptions['entities'],
): Promise<DataSource> {
  const dataSource = new DataSource({ ...postgresOptions(url), entities });
  const logger = new Logger('Database');
  const giveUpAt = Date.now() + startupWaitMs;
  for (let attempt = 1, retryInMs = FIRST_RETRY_MS; ; attempt += 1, retryInMs = Math.min(retryInMs * 2, LONGEST_RETRY_MS)) {
    try {
      await dataSource.initialize();
      break;
    } catch (error) {
      const left = giveUpAt - Date.now();
      if (!worthWaitingFor(error) || left <= 0) throw error;
      const waitMs = Math.min(retryInMs, left);
      logger.warn({ event: 'database_wait', attempt, reason: unavailabilityReason(error), retryInMs: waitMs, givesUpInMs: left });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
  if (migrationsRun) {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    logger.log({ event: 'migrations_applied', migrations: applied.map((migration) => migration.name) });
  }
  return dataSource;
}

/** A database that is starting, missing or full may come up; rejected credentials will not. */
const worthWaitingFor = (error: unknown): boolean => isDatabaseUnavailable(error) && !unavailabilityReason(error)?.startsWith('28');
