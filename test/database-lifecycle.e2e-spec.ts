import request from 'supertest';
import { DataSource } from 'typeorm';
import { postgresOptions } from '@/database/data-source.options';
import { seedBuiltInContent } from '@/database/seed/content.seed';
import { ENTITIES } from '../ormconfig';
import { ADMIN_TOKEN } from './support/admin';
import { createTestDatabase, type TestDatabase } from './support/database';
import { TcpProxy } from './support/tcp-proxy';
import { createTestApp } from './support/test-app';

const TABLES = [
  'awards',
  'certifications',
  'contact_messages',
  'cv_download_events',
  'projects',
  'skill_categories',
  'skills',
  'work_entries',
];

async function withDataSource<T>(url: string, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = new DataSource({ ...postgresOptions(url), entities: ENTITIES });
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

describe('database lifecycle', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.drop());

  const tables = async () =>
    (
      await database.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations' ORDER BY 1",
      )
    ).map((row) => row.table_name);

  it('runs every migration on an empty database and reverts them cleanly', async () => {
    await withDataSource(database.url, async (dataSource) => {
      const applied = await dataSource.runMigrations();
      expect(applied.length).toBeGreaterThan(0);
      expect(await tables()).toEqual(TABLES);
      for (let i = 0; i < applied.length; i += 1) await dataSource.undoLastMigration();
    });
    expect(await tables()).toEqual([]);
  });

  it('leaves nothing for the entities to change once migrated', async () => {
    await withDataSource(database.url, async (dataSource) => {
      await dataSource.runMigrations();
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
    });
  });

  it('seeds an empty database once, and never again once content exists', async () => {
    await withDataSource(database.url, async (dataSource) => {
      await dataSource.runMigrations();
      expect(await seedBuiltInContent(dataSource)).toBe(true);
      const counts = async () =>
        database.query('SELECT (SELECT count(*) FROM projects) AS projects, (SELECT count(*) FROM skills) AS skills');
      const afterFirst = await counts();
      expect(await seedBuiltInContent(dataSource)).toBe(false);
      await database.query('DELETE FROM awards');
      expect(await seedBuiltInContent(dataSource)).toBe(false);
      expect(await counts()).toEqual(afterFirst);
      expect(await database.query('SELECT count(*)::int AS n FROM awards')).toEqual([{ n: 0 }]);
    });
  });

  it('seeds only once when instances start together', async () => {
    await withDataSource(database.url, async (dataSource) => {
      await dataSource.runMigrations();
      const results = await Promise.all([seedBuiltInContent(dataSource), seedBuiltInContent(dataSource)]);
      expect(results.sort()).toEqual([false, true]);
    });
  });

  it('answers every public read from the database exactly as from the built-in data set', async () => {
    const staticApp = await createTestApp({ env: { DATABASE_URL: undefined, RATE_LIMIT_ENABLED: 'false' } });
    const databaseApp = await createTestApp({ env: { DATABASE_URL: database.url, RATE_LIMIT_ENABLED: 'false' } });
    try {
      for (const path of [
        '/api/projects',
        '/api/projects/graph-routing-thesis',
        '/api/experience',
        '/api/experience?top=2',
        '/api/experience/3',
        '/api/skills',
        '/api/awards',
        '/api/certifications',
      ]) {
        const [fromStatic, fromDatabase] = await Promise.all([
          request(staticApp.server).get(path).expect(200),
          request(databaseApp.server).get(path).expect(200),
        ]);
        expect([path, fromDatabase.body]).toEqual([path, fromStatic.body]);
      }
    } finally {
      await databaseApp.close();
      await staticApp.close();
    }
  });

  it('keeps serving reads from the read model while the database is gone, answers writes 503 fast, and recovers by itself', async () => {
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(database.url).port || 5432) });
    const url = new URL(database.url);
    url.port = String(proxy.port);
    const testApp = await createTestApp({
      env: { DATABASE_URL: url.toString(), API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      const before = await request(testApp.server).get('/api/projects').expect(200);
      await proxy.cut();

      const startedAt = Date.now();
      const read = await request(testApp.server).get('/api/projects').expect(200);
      expect(read.body).toEqual(before.body);
      const notYetPrepared = await request(testApp.server).get('/api/skills').expect(503);
      expect(notYetPrepared.body).toEqual({ detail: expect.stringContaining('unavailable') });
      const write = await request(testApp.server)
        .post('/api/projects')
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .send({ title: 'During outage', description: 'x' })
        .expect(503);
      expect(write.body.detail).toContain('unavailable');
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      await request(testApp.server).get('/api/health').expect(200);

      await request(testApp.server).get('/api/projects').expect(200);
      await proxy.restore();
      await vi.waitFor(() => request(testApp.server).get('/api/skills').expect(200), { timeout: 5_000 });
      await request(testApp.server)
        .post('/api/projects')
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .send({ title: 'After outage', description: 'x' })
        .expect(201);
    } finally {
      await testApp.close();
      await proxy.cut();
    }
  });
});
