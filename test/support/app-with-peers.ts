import { appOnDatabase } from './app-on-database';
import type { TestDatabase } from './database';
import { LocalAppConfiguration } from './local-app-configuration';
import type { TestApp } from './test-app';

/** The app with a database and a flag store of its own, the admin token and no rate limits: every operation can be tried on it. */
export interface AppWithPeers {
  testApp: TestApp;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createAppWithPeers(): Promise<AppWithPeers> {
  const flagStore = new LocalAppConfiguration();
  await flagStore.start();
  const onDatabase = await appOnDatabase({ APP_CONFIG_CONNECTION_STRING: flagStore.connectionString });
  return {
    testApp: onDatabase.testApp,
    database: onDatabase.database,
    close: async () => {
      await onDatabase.close();
      await flagStore.stop();
    },
  };
}
