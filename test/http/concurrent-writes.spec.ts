import { apiClient, ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { DEMO } from '@test/support/demo';
import { createTestApp, type TestApp } from '@test/support/test-app';

type Api = ReturnType<typeof apiClient>;

/**
 * An instance serves another's write within 2 s, once the database's announcement reaches it: a
 * read on one instance right after a write on the other may come first, and gets the answer from
 * before until then. Both writes must be there by then; neither may be lost.
 */
const withinTwoSeconds = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 50 });

/** Found by the third audit: writes that raced merged, lost one another, or failed with 500. */
describe('concurrent writes against PostgreSQL', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let api: Api;
  let otherApi: Api;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
    api = apiClient(first);
    otherApi = apiClient(second);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await database.drop();
  });

  it('runs two imports on two instances one after the other: the content is one document, never a merge of both', async () => {
    const exported = (await api('get', '/api/admin/content')).body as {
      projects: { slug: string; title: string }[];
      skills: { skills: { projects: string[] }[] }[];
    };
    const documentWith = (prefix: string) => ({
      ...exported,
      projects: exported.projects.map((project) => ({
        ...project,
        slug: `${prefix}-${project.slug}`,
        title: `${prefix} ${project.title}`,
      })),
      skills: exported.skills.map((category) => ({
        ...category,
        skills: category.skills.map((skill) => ({ ...skill, projects: skill.projects.map((slug) => `${prefix}-${slug}`) })),
      })),
    });
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([
        api('put', '/api/admin/content', documentWith('a')),
        otherApi('put', '/api/admin/content', documentWith('b')),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const slugs = ((await api('get', '/api/admin/content')).body as { projects: { slug: string }[] }).projects.map(({ slug }) => slug);
      expect(slugs).toHaveLength(exported.projects.length);
      expect(new Set(slugs.map((slug) => slug.split('-')[0])).size).toBe(1);
    }
    await api('put', '/api/admin/content', exported);
  });

  it('never makes a write to an item that exists before and after an import or a restore answer 404 or vanish', async () => {
    const document = (await api('get', '/api/admin/content')).body as object;
    const slug = DEMO.projects[0].slug;
    // A revision that holds the project: the one the import below records (revisions are recorded within 2 s).
    const revisionHoldingIt = async () => {
      const [{ id }] = (await api('get', '/api/admin/content/revisions?limit=1')).body as { id: number }[];
      const { projects } = (await api('get', `/api/admin/content/revisions/${id}`)).body as { projects: { slug: string }[] };
      expect(projects.map((project) => project.slug)).toContain(slug);
      return id;
    };
    const replacements = [
      () => api('put', '/api/admin/content', document),
      async () => otherApi('post', `/api/admin/content/revisions/${await vi.waitFor(revisionHoldingIt, { timeout: 5_000 })}/restore`),
    ];
    for (const replace of replacements) {
      const writes = Array.from({ length: 15 }, (_, index) =>
        (index % 2 ? api : otherApi)('patch', `/api/projects/${slug}`, { status: `Status ${index}` }),
      );
      const [replaced, ...patched] = await Promise.all([replace(), ...writes]);
      expect([replaced.status, ...patched.map(({ status }) => status)]).toEqual([200, ...patched.map(() => 200)]);
    }
  });

  it('creates the profile once when two first PUTs arrive at once, on one instance or two', async () => {
    for (let round = 0; round < 5; round += 1) {
      await api('put', '/api/admin/content', { ...(await api('get', '/api/admin/content')).body, profile: null });
      const [a, b] = await Promise.all([api('put', '/api/profile', { name: 'Ada' }), otherApi('put', '/api/profile', { name: 'Bea' })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(['Ada', 'Bea']).toContain((await api('get', '/api/profile')).body.name);
    }
  });

  it('keeps both of two PATCHes of the profile in different languages at once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [english, dutch] = [`Engineer ${round}`, `Ingenieur ${round}`];
      const [a, b] = await Promise.all([
        api('patch', '/api/profile', { headline: { english } }),
        otherApi('patch', '/api/profile', { headline: { nederlands: dutch } }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      await withinTwoSeconds(async () => expect((await api('get', '/api/profile')).body.headline).toEqual({ english, nederlands: dutch }));
    }
  });

  const item = (list: readonly { id?: string | null }[]) => list[0].id!;
  it.each([
    ['a project', `/api/projects/${DEMO.projects[1].slug}`, 'title', 'description', `/api/projects/${DEMO.projects[1].slug}`],
    ['a work entry', `/api/experience/${item(DEMO.experience)}`, 'role', 'location', '/api/experience'],
    ['a skill category', `/api/skills/categories/${item(DEMO.skills)}`, 'title', 'iconColor', '/api/skills'],
    ['a skill', `/api/skills/${DEMO.skills[0].skills[0].id}`, 'name', 'projects', '/api/skills'],
    ['an award', `/api/awards/${item(DEMO.awards)}`, 'title', 'description', '/api/awards'],
    ['a certification', `/api/certifications/${item(DEMO.certifications)}`, 'title', 'description', '/api/certifications'],
  ])('keeps both of two PATCHes of different fields of %s at once', async (_, path, one, other, read) => {
    for (let round = 0; round < 5; round += 1) {
      const valueOf = (field: string) =>
        field === 'projects'
          ? [DEMO.projects[round % DEMO.projects.length].slug]
          : field === 'iconColor'
            ? `#00000${round}`
            : `${field} ${round}`;
      const [a, b] = await Promise.all([api('patch', path, { [one]: valueOf(one) }), otherApi('patch', path, { [other]: valueOf(other) })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      await withinTwoSeconds(async () => {
        const body = JSON.stringify((await api('get', read)).body);
        expect(body).toContain(JSON.stringify(valueOf(one)));
        expect(body).toContain(JSON.stringify(valueOf(other)));
      });
    }
  });
});
