import type { DestinationStream } from 'pino';
import { ADMIN_TOKEN } from './admin';
import { createTestDatabase, type TestDatabase } from './database';
import { createTestApp, type TestApp } from './test-app';

/** Two instances of the app on one new database (dropped at close). */
export interface TwoInstances {
  database: TestDatabase;
  first: TestApp;
  second: TestApp;
  close(): Promise<void>;
}

/** Two instances on a new database, started one after the other, with API_ADMIN_TOKEN set and rate limits off; `env` adds to that. */
export async function twoInstances(env: Record<string, string> = {}, logDestination?: DestinationStream): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const options = {
    env: { DATABASE_URL: database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false', ...env },
    logDestination,
  };
  const first = await createTestApp(options);
  const second = await createTestApp(options);
  return {
    database,
    first,
    second,
    close: async () => {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    },
  };
}
