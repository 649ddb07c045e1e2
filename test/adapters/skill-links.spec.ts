import { Client } from 'pg';
import { DEMO_CONTENT } from '@/content';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { appOnDatabase, type AppOnDatabase } from '@test/support/app-on-database';
import { contentWritesOf } from '@test/support/content-writes';

/** A skill names the projects that used it by slug: the database keeps the links following the projects, whoever writes (audit, round four). */
describe('skill → project links in the database', () => {
  let onDatabase: AppOnDatabase;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());
  // Each case starts from the demo content, put back as an import is.
  afterEach(async () => {
    const { app } = onDatabase.testApp;
    await contentWritesOf(app)(() => app.get(PortfolioService).import(DEMO_CONTENT));
  });

  const linksTo = async (slug: string) =>
    (await onDatabase.database.query<{ name: string }>('SELECT name FROM skills WHERE $1 = ANY(projects) ORDER BY name', [slug])).map(
      ({ name }) => name,
    );

  it('holds a linked project until the skill naming it commits, so its delete then follows the link', async () => {
    const [{ id: categoryId }] = await onDatabase.database.query<{ id: string }>(
      'SELECT id FROM skill_categories ORDER BY sort_order LIMIT 1',
    );
    const [writer, deleter] = [new Client(onDatabase.database.url), new Client(onDatabase.database.url)];
    await Promise.all([writer.connect(), deleter.connect()]);
    try {
      const [{ pid }] = (await deleter.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
      await writer.query('BEGIN');
      await writer.query(`INSERT INTO skills (category_id, name, projects, sort_order) VALUES ($1, 'Held', ARRAY['ledger-lens'], 99)`, [
        categoryId,
      ]);
      let deletedYet = false;
      const deleted = deleter.query(`DELETE FROM projects WHERE slug = 'ledger-lens'`).then(() => (deletedYet = true));
      const deleteWaits = async () =>
        (await onDatabase.database.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [pid])).length > 0;
      // Without the lock the delete went through at once, and its trigger missed the skill not yet committed.
      await vi.waitFor(async () => expect(deletedYet || (await deleteWaits())).toBe(true));
      expect(deletedYet).toBe(false);
      await writer.query('COMMIT');
      await deleted;
      expect(await onDatabase.database.query(`SELECT projects FROM skills WHERE name = 'Held'`)).toEqual([{ projects: [] }]);
    } finally {
      await Promise.all([writer.end(), deleter.end()]);
    }
  });

  it('refuses a link to no project typed by hand in SQL, as a foreign key would, and lets linked projects go', async () => {
    await expect(onDatabase.database.query(`UPDATE skills SET projects = ARRAY['tidewatch', 'no-such-project']`)).rejects.toMatchObject({
      code: '23503',
      message: 'no project has the slug "no-such-project"',
    });
    expect(await linksTo('no-such-project')).toEqual([]);
    // The links a skill held already follow their projects, however many go in one statement.
    await onDatabase.database.query(`UPDATE skills SET projects = ARRAY['tidewatch', 'ledger-lens']`);
    await onDatabase.database.query(`DELETE FROM projects`);
    expect(await onDatabase.database.query(`SELECT DISTINCT projects FROM skills`)).toEqual([{ projects: [] }]);
  });
});
