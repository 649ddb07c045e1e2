import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CONTENT_DOMAINS } from '@/content';
import { MIGRATIONS } from '@/database/migrations';
import { ContactDeliveryPerMail1795900000000 } from '@/database/migrations/1795900000000-ContactDeliveryPerMail';
import { SkillLinksNameProjects1797300000000 } from '@/database/migrations/1797300000000-SkillLinksNameProjects';
import { DOMAINS_WITH_IMAGE_SETS } from '@/media/image-sets';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { withDataSource } from '@test/support/migrations';
import { ROOT } from '@test/support/paths';

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

/** The migrations on PostgreSQL: each from an empty database and back, from the command line, and what they make of the data they find. */
describe('the migrations', () => {
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
});
