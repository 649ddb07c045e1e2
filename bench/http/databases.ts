import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { writeBenchmarks } from './report';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Gives `work` a connection of its own to the database at `url`, closed when it is done. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs SQL on a database of the bench's server (the server's own by default). */
export async function runSql(sql: string, values: unknown[] = [], url = POSTGRES_URL): Promise<void> {
  await withClient(url, (client) => client.query(sql, values));
}

/** Gives `work` the URLs of `count` new, empty databases, dropped when it is done. */
export async function withDatabases<T>(count: number, work: (urls: string[]) => Promise<T>): Promise<T> {
  const names = Array.from({ length: count }, () => `portfolio_bench_${randomBytes(4).toString('hex')}`);
  for (const name of names) await runSql(`CREATE DATABASE "${name}"`);
  try {
    return await work(
      names.map((name) => {
        const url = new URL(POSTGRES_URL);
        url.pathname = `/${name}`;
        return url.toString();
      }),
    );
  } finally {
    for (const name of names) await runSql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/**
 * A bench of one database: `run` on a fresh database makes its section of BENCHMARKS.md, which is
 * printed and written under `marker`.
 */
export async function benchSectionOnADatabase(marker: string, run: (urls: string[]) => Promise<string>): Promise<void> {
  const section = await withDatabases(1, run);
  process.stdout.write(`${section}\n`);
  writeBenchmarks(join(__dirname, '..', '..', '..', 'BENCHMARKS.md'), section, marker);
}
