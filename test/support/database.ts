import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Where the tests may create databases; the machine's PostgreSQL unless told otherwise. */
const SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  query<T = Record<string, unknown>>(sql: string, parameters?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** Runs one statement on the server's maintenance database (roles, databases). */
export async function queryServer(sql: string): Promise<void> {
  await onServer((client) => client.query(sql));
}

async function onServer<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for one suite, dropped (with any open connections) afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portfolio_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    query: async <T>(sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows as T[],
    drop: async () => {
      await client.end();
      await onServer((server) => server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
