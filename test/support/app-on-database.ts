import { ADMIN_TOKEN } from './admin';
import { createTestDatabase, type TestDatabase } from './database';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** The app on a throwaway database of its own, with the admin token. */
export interface AppOnDatabase {
  testApp: TestApp;
  database: TestDatabase;
  /** Once the history's recorder has taken every change made so far (its stringifying and hashing done). */
  historyRecorded(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What most HTTP specs start from: a new database (dropped at close), the real app on it with
 * API_ADMIN_TOKEN set and rate limits off; `env` adds to or overrides that.
 */
export async function appOnDatabase(
  env: Record<string, string | undefined> = {},
  options: Omit<TestAppOptions, 'env'> = {},
): Promise<AppOnDatabase> {
  const database = await createTestDatabase();
  const testApp = await createTestApp({
    ...options,
    env: { DATABASE_URL: database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false', ...env },
  });
  return {
    testApp,
    database,
    historyRecorded: () => historyRecordedOn(database),
    close: async () => {
      await testApp.close();
      await database.drop();
    },
  };
}

/** Once the history's recorder has taken every change made on `database` so far. */
export const historyRecordedOn = (database: TestDatabase): Promise<void> =>
  vi.waitFor(async () => expect(await database.query('SELECT id FROM content_changes')).toEqual([]), { timeout: 5_000 });
