import { DEMO_CONTENT } from '@/content';
import { apiClient } from '@test/support/admin';
import type { Client } from 'pg';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { CONTENT_CHANNEL, ContentChangesListener } from '@/read-model/content-changes.listener';
import { SkillsRepository } from '@/skills/persistence/skills.repository';
import { unknownProject } from '@/skills/project-links';
import { holdCalls } from '@test/support/held-calls';

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

  it('refuses a slug no project has with 422 at that item, in every write that takes links', async () => {
    const [category] = await categories();
    const [skill] = category.skills;
    const issueOf = async (response: Promise<{ status: number; body: { detail: { loc: unknown[] }[] } }>) => {
      const { status, body } = await response;
      return [status, body.detail.map(({ loc }) => loc)];
    };
    expect(await issueOf(api('patch', `/api/skills/${skill.id}`, { projects: ['tidewatch', 'no-such-project'] }))).toEqual([
      422,
      [['body', 'projects', 1]],
    ]);
    expect(await issueOf(api('put', `/api/skills/${skill.id}`, { name: 'Go', projects: ['nope'] }))).toEqual([
      422,
      [['body', 'projects', 0]],
    ]);
    expect(await issueOf(api('post', `/api/skills/categories/${category.id}/skills`, { name: 'Go', projects: ['nope'] }))).toEqual([
      422,
      [['body', 'projects', 0]],
    ]);
    expect(
      await issueOf(
        api('post', '/api/skills/categories', { title: 'Tools', skills: [{ name: 'Make' }, { name: 'Go', projects: ['nope'] }] }),
      ),
    ).toEqual([422, [['body', 'skills', 1, 'projects', 0]]]);
    expect((await categories()).flatMap((each) => each.skills).find((each) => each.id === skill.id)).toEqual(skill);
  });

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

  it('refuses a link whose project is deleted while the skill is written: 422 at that link, never a slug naming nothing', async () => {
    const [category] = await categories();
    const [skill] = category.skills;
    const written = holdCalls(onDatabase.testApp.app.get(SkillsRepository), 'update');
    const patched = api('patch', `/api/skills/${skill.id}`, { projects: ['ledger-lens'] });
    // Checked, and about to be written, when the project goes.
    await vi.waitFor(() => expect(written.calls).toHaveBeenCalled());
    await onDatabase.database.query(`DELETE FROM projects WHERE slug = 'ledger-lens'`);
    written.restore();
    const { status, body } = await patched;
    expect([status, body]).toEqual([
      422,
      { detail: [{ loc: ['body', 'projects', 0], msg: unknownProject('ledger-lens'), type: 'value_error' }] },
    ]);
    expect(await onDatabase.database.query(`SELECT projects FROM skills WHERE id = $1`, [skill.id])).toEqual([
      { projects: skill.projects },
    ]);
  });

  it('checks an import within its document: a skill naming a project the document lacks is 422', async () => {
    const [first, ...rest] = DEMO_CONTENT.projects;
    const response = await api('put', '/api/admin/content', { ...DEMO_CONTENT, projects: rest });
    expect(response.status).toBe(422);
    const locs = (response.body as { detail: { loc: unknown[] }[] }).detail.map(({ loc }) => loc);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs)
      expect(loc).toEqual(['body', 'skills', expect.any(Number), 'skills', expect.any(Number), 'projects', expect.any(Number)]);
    expect(await linksTo(first.slug)).not.toEqual([]);
  });
});
