import request from 'supertest';
import { MIGRATIONS } from '@/database/migrations';
import { ContentHistory1796200000000 } from '@/database/migrations/1796200000000-ContentHistory';
import { DEMO } from '@test/support/demo';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { TcpProxy } from '@bench/http/tcp-proxy';
import { withDataSource } from '@test/support/migrations';
import { createTestApp } from '@test/support/test-app';

describe('database lifecycle', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.drop());

  it('starts the history of a database that holds content with that content, as made by the database', async () => {
    await withDataSource(
      database.url,
      (dataSource) => dataSource.runMigrations(),
      MIGRATIONS.slice(0, MIGRATIONS.indexOf(ContentHistory1796200000000)),
    );
    await database.query(`INSERT INTO awards (title, organization, year, sort_order) VALUES ('Best thesis', 'TU Delft', '2019', 0)`);
    await database.query(`INSERT INTO profile (name, headline, summary) VALUES ('Mara Jansen', '{}', '{}')`);
    await withDataSource(database.url, (dataSource) => dataSource.runMigrations());
    expect(await database.query('SELECT domain, source, actor FROM content_changes ORDER BY domain')).toEqual([
      { domain: 'awards', source: 'database', actor: null },
      { domain: 'profile', source: 'database', actor: null },
    ]);
    const app = await createTestApp({ env: { DATABASE_URL: database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, CONTENT_SEED: 'none' } });
    try {
      const [baseline] = await vi.waitFor(async () => {
        const revisions = (
          await request(app.server).get('/api/admin/content/revisions').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200)
        ).body as { source: string; domains: string[] }[];
        return revisions.length > 0 ? revisions : Promise.reject(new Error('not recorded yet'));
      });
      expect(baseline).toMatchObject({ source: 'database', domains: ['profile', 'awards'] });
    } finally {
      await app.close();
    }
  });

  const contentCounts = () =>
    database.query<Record<string, number>>(
      'SELECT (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM work_entries) AS experience, ' +
        '(SELECT count(*)::int FROM skills) AS skills, (SELECT count(*)::int FROM awards) AS awards, (SELECT count(*)::int FROM certifications) AS certifications',
    );
  const demoCounts = {
    projects: DEMO.projects.length,
    experience: DEMO.experience.length,
    skills: DEMO.skills.flatMap((category) => category.skills).length,
    awards: DEMO.awards.length,
    certifications: DEMO.certifications.length,
  };

  it('seeds an empty database at start-up through the entities, and never again once content exists', async () => {
    await (await createTestApp({ env: { DATABASE_URL: database.url } })).close();
    expect(await contentCounts()).toEqual([demoCounts]);
    await database.query('DELETE FROM awards');
    await (await createTestApp({ env: { DATABASE_URL: database.url } })).close();
    expect(await contentCounts()).toEqual([{ ...demoCounts, awards: 0 }]);
  });

  it('seeds only once when instances start together on one migrated database', async () => {
    await withDataSource(database.url, (dataSource) => dataSource.runMigrations());
    const env = { DATABASE_URL: database.url, DB_MIGRATIONS_RUN: 'false' };
    const instances = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    // Last in, first out: each restores the environment it found.
    for (const instance of instances.reverse()) await instance.close();
    expect(await contentCounts()).toEqual([demoCounts]);
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
