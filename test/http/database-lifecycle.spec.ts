import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { postgresOptions } from '@/database/data-source.options';
import { MIGRATIONS } from '@/database/migrations';
import { ContactDeliveryPerMail1795900000000 } from '@/database/migrations/1795900000000-ContactDeliveryPerMail';
import { ContentHistory1796200000000 } from '@/database/migrations/1796200000000-ContentHistory';
import { SkillLinksNameProjects1797300000000 } from '@/database/migrations/1797300000000-SkillLinksNameProjects';
import { ENTITIES } from '@/app.entities';
import { CONTENT_DOMAINS } from '@/content';
import { DOMAINS_WITH_IMAGE_SETS } from '@/media/image-sets';
import { DEMO } from '@test/support/demo';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { TcpProxy } from '@bench/http/tcp-proxy';
import { ROOT } from '@test/support/paths';
import { createTestApp } from '@test/support/test-app';

const TABLES = [
  'awards',
  'certifications',
  'contact_messages',
  'content_changes',
  'content_drafts',
  'content_revisions',
  'content_snapshot_items',
  'content_snapshots',
  'cv_documents',
  'cv_download_daily_counts',
  'cv_download_events',
  'draft_preview_keys',
  'media_items',
  'media_variants',
  'profile',
  'projects',
  'skill_categories',
  'skills',
  'social_cards',
  'webhook_deliveries',
  'webhook_event_cursors',
  'webhooks',
  'work_entries',
];

async function withDataSource<T>(url: string, work: (dataSource: DataSource) => Promise<T>, migrations = MIGRATIONS): Promise<T> {
  const dataSource = new DataSource({ ...postgresOptions(url), entities: ENTITIES, migrations });
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

  it('migrates from the command line (npm run migration:run) naming each migration it applies, not every statement', async () => {
    const migrate = () =>
      promisify(execFile)(process.execPath, [join(ROOT, 'dist', 'src', 'cli', 'run-migrations.js')], {
        env: { ...process.env, DATABASE_URL: database.url },
      });
    const { stdout } = await migrate();
    expect(stdout.trim().split('\n')).toEqual([
      ...MIGRATIONS.map((migration) => `applied ${migration.name}`),
      `${MIGRATIONS.length} migration(s) applied`,
    ]);
    expect(await tables()).toEqual(TABLES);
    expect((await migrate()).stdout).toBe('No migration was pending\n');
  });

  it('leaves nothing for the entity registry to change once migrated, and no table without an entity', async () => {
    await withDataSource(database.url, async (dataSource) => {
      await dataSource.runMigrations();
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
      // TypeORM never drops a table it has no entity for: a table missing from the registry shows only here.
      expect(dataSource.entityMetadatas.map((entity) => entity.tableName).sort()).toEqual(await tables());
    });
  });

  it("carries each contact message's delivery over to both of its mails, and back", async () => {
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(ContactDeliveryPerMail1795900000000));
    const through = MIGRATIONS.slice(0, before.length + 1);
    await withDataSource(database.url, (dataSource) => dataSource.runMigrations(), before);
    await database.query(`
      INSERT INTO contact_messages (name, email, message, delivery_status, delivery_error, redelivery_attempts) VALUES
        ('Ada', 'ada@example.com', 'Sent long ago.', 'sent', NULL, 0),
        ('Grace', 'grace@example.com', 'Still failing.', 'failed', '451 busy', 2)`);
    await withDataSource(
      database.url,
      async (dataSource) => {
        await dataSource.runMigrations();
        const columns = 'name, notification_status, notification_attempts, notification_error, confirmation_status, confirmation_attempts';
        expect(await database.query(`SELECT ${columns} FROM contact_messages ORDER BY name`)).toEqual([
          {
            name: 'Ada',
            notification_status: 'sent',
            notification_attempts: 1,
            notification_error: null,
            confirmation_status: 'sent',
            confirmation_attempts: 1,
          },
          {
            name: 'Grace',
            notification_status: 'failed',
            notification_attempts: 3,
            notification_error: '451 busy',
            confirmation_status: 'failed',
            confirmation_attempts: 3,
          },
        ]);
        await dataSource.undoLastMigration();
      },
      through,
    );
    expect(
      await database.query('SELECT name, delivery_status, delivery_error, redelivery_attempts FROM contact_messages ORDER BY name'),
    ).toEqual([
      { name: 'Ada', delivery_status: 'sent', delivery_error: null, redelivery_attempts: 0 },
      { name: 'Grace', delivery_status: 'failed', delivery_error: '451 busy', redelivery_attempts: 2 },
    ]);
  });

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

  it('drops the skill links that name no project, keeping the others in their order, before it refuses them', async () => {
    await withDataSource(
      database.url,
      (dataSource) => dataSource.runMigrations(),
      MIGRATIONS.slice(0, MIGRATIONS.indexOf(SkillLinksNameProjects1797300000000)),
    );
    await database.query(`
      WITH made AS (INSERT INTO projects (slug, title, description, sort_order) VALUES ('tidewatch', 'Tidewatch', '', 0), ('atlas', 'Atlas', '', 1)),
        category AS (INSERT INTO skill_categories (title, sort_order) VALUES ('Languages', 0) RETURNING id)
      INSERT INTO skills (category_id, name, projects, sort_order)
        SELECT id, name, projects, sort_order FROM category, (VALUES
          ('Go', ARRAY['atlas', 'gone', 'tidewatch'], 0), ('Rust', ARRAY['tidewatch'], 1), ('Zig', ARRAY['gone'], 2)) AS skill(name, projects, sort_order)`);
    await withDataSource(database.url, (dataSource) => dataSource.runMigrations());
    expect(await database.query('SELECT name, projects FROM skills ORDER BY sort_order')).toEqual([
      { name: 'Go', projects: ['atlas', 'tidewatch'] },
      { name: 'Rust', projects: ['tidewatch'] },
      { name: 'Zig', projects: [] },
    ]);
  });

  it('has every content table, and the pictures, announce their changes to the domains the read model knows', async () => {
    await withDataSource(database.url, (dataSource) => dataSource.runMigrations());
    const triggers = await database.query<{ table: string; domain: string }>(
      `SELECT event_object_table AS table, substring(action_statement FROM 'notify_content_changed\\(''(\\w+)''\\)') AS domain
       FROM information_schema.triggers WHERE trigger_name LIKE '%_content_changed' GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(triggers).toEqual([
      { table: 'awards', domain: 'awards' },
      { table: 'certifications', domain: 'certifications' },
      { table: 'profile', domain: 'profile' },
      { table: 'projects', domain: 'projects' },
      { table: 'skill_categories', domain: 'skills' },
      { table: 'skills', domain: 'skills' },
      { table: 'work_entries', domain: 'experience' },
    ]);
    expect(new Set(triggers.map((trigger) => trigger.domain))).toEqual(new Set(CONTENT_DOMAINS));
    const [{ announced }] = await database.query<{ announced: string }>(
      `SELECT action_statement AS announced FROM information_schema.triggers WHERE trigger_name = 'media_items_announce_changes' LIMIT 1`,
    );
    expect(announced).toBe(`EXECUTE FUNCTION announce_media_change(${DOMAINS_WITH_IMAGE_SETS.map((domain) => `'${domain}'`).join(', ')})`);
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
