import request from 'supertest';
import { Client } from 'pg';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';

interface Exported {
  projects: { slug: string; title: string }[];
}

describe('the published parts kept between exports', () => {
  let onDatabase: AppOnDatabase;
  const admin = (method: 'get' | 'patch' | 'post' | 'put' | 'delete', path: string) =>
    request(onDatabase.testApp.server)[method](path).set('Authorization', `Bearer ${ADMIN_TOKEN}`);
  const exported = async () => (await admin('get', '/api/admin/content').expect(200)).body as Exported;
  const titleOf = (content: Exported, slug: string) => content.projects.find((project) => project.slug === slug)?.title;

  /** How many times `work` read the projects whole (their long columns), a replace's locked read of keys and places aside. */
  async function wholeReadsOfProjects(work: () => Promise<unknown>): Promise<number> {
    const queries = vi.spyOn(Client.prototype, 'query');
    try {
      await work();
      const sent = queries.mock.calls.map(([query]) => (typeof query === 'string' ? query : String((query as { text?: string }).text)));
      return sent.filter((sql) => sql.includes('FROM "projects"') && sql.includes('"long_description"')).length;
    } finally {
      queries.mockRestore();
    }
  }

  /** The history recorder reads what changed too: the counts below are the requests' own once it is done. */
  const recorded = () =>
    vi.waitFor(async () => expect(await onDatabase.database.query('SELECT id FROM content_changes')).toEqual([]), { timeout: 5_000 });

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
  });
  afterAll(() => onDatabase.close());
  afterEach(() => admin('delete', '/api/admin/draft'));

  it('reads a domain nothing wrote since once, and again after any write, the database’s own included', async () => {
    await recorded();
    expect(await wholeReadsOfProjects(exported)).toBeLessThanOrEqual(1);
    expect(await wholeReadsOfProjects(exported)).toBe(0);

    await onDatabase.database.query(`UPDATE projects SET title = 'Tidewatch, by hand' WHERE slug = 'tidewatch'`);
    let content: Exported | undefined;
    expect(await wholeReadsOfProjects(async () => (content = await exported()))).toBe(1);
    expect(titleOf(content!, 'tidewatch')).toBe('Tidewatch, by hand');

    await onDatabase.database.query(`DELETE FROM projects WHERE slug = 'tidewatch'`);
    expect(titleOf(await exported(), 'tidewatch')).toBeUndefined();
  });

  it('keeps the published projects, not a draft write’s, so that the publish reads none whole before its replace', async () => {
    await admin('patch', '/api/projects/ledger-lens?draft=true').send({ title: 'Ledger Lens, drafted' }).expect(200);
    await recorded();
    // The second draft write merges with the published projects, then reads its own projects inside its savepoint, last.
    await admin('patch', '/api/projects/ledger-lens?draft=true').send({ title: 'Ledger Lens, drafted again' }).expect(200);
    expect(await wholeReadsOfProjects(() => admin('post', '/api/admin/draft/publish').expect(200))).toBe(0);
    expect(titleOf(await exported(), 'ledger-lens')).toBe('Ledger Lens, drafted again');
  });
});
