import { ADMIN_TOKEN } from './admin';
import { createTestDatabase, type TestDatabase } from './database';
import { LocalAppConfiguration } from './local-app-configuration';
import { createTestApp, type TestApp } from './test-app';

/** The app with a database and a flag store of its own, the admin token and no rate limits: every operation can be tried on it. */
export interface AppWithPeers {
  testApp: TestApp;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createAppWithPeers(): Promise<AppWithPeers> {
  const database = await createTestDatabase();
  const flagStore = new LocalAppConfiguration();
  await flagStore.start();
  const testApp = await createTestApp({
    env: {
      DATABASE_URL: database.url,
      API_ADMIN_TOKEN: ADMIN_TOKEN,
      APP_CONFIG_CONNECTION_STRING: flagStore.connectionString,
      RATE_LIMIT_ENABLED: 'false',
    },
  });
  return {
    testApp,
    database,
    close: async () => {
      await testApp.close();
      await flagStore.stop();
      await database.drop();
    },
  };
}
