import { DEMO_CONTENT } from '@/content';
import { apiClient } from '@test/support/admin';
import type { Client } from 'pg';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { CONTENT_CHANNEL, ContentChangesListener } from '@/read-model/content-changes.listener';

type Category = { id: string; skills: { id: string; name: string; projects: string[] }[] };

/** A skill names the projects that used it by slug, and the links follow the projects (audit, round four). */
describe('skill → project links', () => {
  let onDatabase: AppOnDatabase;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    api = apiClient(onDatabase.testApp);
  });
  afterAll(() => onDatabase.close());
  afterEach(async () => expect((await api('put', '/api/admin/content', DEMO_CONTENT)).status).toBe(200));

  const categories = async () => (await api('get', '/api/skills')).body as Category[];
  const linksTo = async (slug: string) =>
    (await categories()).flatMap((category) => category.skills.filter((skill) => skill.projects.includes(slug)).map((skill) => skill.name));
  /** Runs `work` while the instance hears no announcement from the database: what it reads then, its own writes told it. */
  const deaf = async (work: () => Promise<void>) => {
    const { listener } = onDatabase.testApp.app.get<ContentChangesListener, { listener: Client }>(ContentChangesListener);
    await listener.query(`UNLISTEN ${CONTENT_CHANNEL}`);
    try {
      await work();
    } finally {
      await listener.query(`LISTEN ${CONTENT_CHANNEL}`);
    }
  };

  it('renames a link with its project’s slug, and drops it with the project, however the change is made', async () => {
    const linked = await linksTo('tidewatch');
    expect(linked.length).toBeGreaterThan(0);
    // The writing instance sees its write's links at once, before any announcement could tell it.
    await deaf(async () => {
      expect((await api('patch', '/api/projects/tidewatch', { slug: 'tidewatch-river' })).status).toBe(200);
      expect([await linksTo('tidewatch'), await linksTo('tidewatch-river')]).toEqual([[], linked]);
      expect((await api('delete', '/api/projects/tidewatch-river')).status).toBe(204);
      expect(await linksTo('tidewatch-river')).toEqual([]);
    });

    expect((await linksTo('ledger-lens')).length).toBeGreaterThan(0);
    await onDatabase.database.query(`DELETE FROM projects WHERE slug = 'ledger-lens'`);
    // A change made outside the service reaches its read model through the change announcement, within 2 s.
    await vi.waitFor(async () => expect(await linksTo('ledger-lens')).toEqual([]), { timeout: 2_000 });
  });
});
