import { Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { isDatabaseUnavailable, unavailabilityReason } from '@/common/errors/database-unavailable';
import type { DatabaseConfig } from '@/config/database.config';
import { ConfigurationError } from '@/config/validate-config';
import { postgresOptions } from './data-source.options';

const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;

/**
 * The service's data source on DATABASE_URL (DatabaseModule loads this file only when it is set).
 * Connects, waiting for a database that is not up yet (compose and Kubernetes often start the
 * service first): retries with a doubling back-off up to 5 s, each wait logged, until
 * DB_STARTUP_WAIT_MS is spent; then the last failure stops start-up. A database the server does
 * not have, or credentials it rejects, are not waited for: start-up stops at once, naming the fix. Then applies the pending migrations (unless DB_MIGRATIONS_RUN is
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
      const permanent = permanentFailure(error, url);
      if (permanent) throw permanent;
      if (!isDatabaseUnavailable(error) || left <= 0) throw error;
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

/**
 * What no wait mends, with its fix: a database the server does not have (3D000) or credentials it
 * rejects (28xxx). A database that is starting, unreachable or full may come up, and is waited for.
 */
function permanentFailure(error: unknown, url: string): ConfigurationError | undefined {
  const reason = unavailabilityReason(error);
  if (reason !== '3D000' && !reason?.startsWith('28')) return undefined;
  const { hostname, port, username, pathname } = new URL(url);
  const [user, database, at] = [decodeURIComponent(username), decodeURIComponent(pathname.slice(1)), `${hostname}:${port || '5432'}`];
  return new ConfigurationError(
    reason === '3D000'
      ? `Invalid configuration: DATABASE_URL names the database "${database}", which ${at} does not have: create it ` +
          `(createdb -h ${hostname} -p ${port || '5432'} -U ${user || 'postgres'} ${database}) or name one it has`
      : `Invalid configuration: DATABASE_URL: ${at} refused the user "${user}" (${reason}): fix the user or password in DATABASE_URL`,
  );
}
