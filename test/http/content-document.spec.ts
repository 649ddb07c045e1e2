import { DEMO_CONTENT } from '@/content';
import request from 'supertest';
import { ADMIN_TOKEN, apiClient } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { DEMO } from '@test/support/demo';
import { createTestApp, type TestApp } from '@test/support/test-app';

const PUBLIC_READS = [
  '/api/profile',
  '/api/projects',
  '/api/projects/ledger-lens',
  '/api/experience',
  '/api/experience?top=2',
  '/api/skills',
  '/api/awards',
  '/api/certifications',
];

/** What the specs below read of an exported document, and spoil in it. */
interface Exported {
  version: number;
  projects: { slug: string; title: string }[];
  skills: { id: string; skills: { id: string }[] }[];
  awards?: unknown[];
  certifications: { externalId: string | null }[];
}

/** Every public read's status, ETag and body. */
async function publicReads(testApp: TestApp): Promise<[string, number, string, unknown][]> {
  const reads = [];
  for (const path of PUBLIC_READS) {
    const response = await request(testApp.server).get(path);
    reads.push([path, response.status, response.headers.etag, response.body] as [string, number, string, unknown]);
  }
  return reads;
}

describe('the content document: export, import', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let sourceApp: TestApp;
  let targetApp: TestApp;

  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const env = { API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' };
    sourceApp = await createTestApp({ env: { ...env, DATABASE_URL: source.url } });
    targetApp = await createTestApp({ env: { ...env, DATABASE_URL: target.url, CONTENT_SEED: 'none' } });
  });
  afterAll(async () => {
    await targetApp.close();
    await sourceApp.close();
    await Promise.all([source.drop(), target.drop()]);
  });

  const exportOf = async (app: TestApp) => (await apiClient(app)('get', '/api/admin/content')).body as Exported & Record<string, unknown>;

  it('exports everything as one document, in display order', async () => {
    const document = await exportOf(sourceApp);
    expect(document).toMatchObject({ version: 1, profile: { name: 'Mara Jansen' } });
    expect((document.projects as { slug: string }[]).map((project) => project.slug)).toEqual(DEMO.projects.map((project) => project.slug));
    expect(document.skills).toEqual(DEMO_CONTENT.skills);
    expect(document.certifications).toContainEqual(
      expect.objectContaining({ source: 'credly', externalId: expect.any(String), syncEnabled: false }),
    );
  });

  it('moves content to an empty database: the same public reads, ETags included', async () => {
    expect((await request(targetApp.server).get('/api/projects')).body).toEqual([]);
    expect((await request(targetApp.server).get('/api/profile')).status).toBe(404);
    const imported = await apiClient(targetApp)('put', '/api/admin/content', await exportOf(sourceApp));
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      profile: 1,
      projects: DEMO.projects.length,
      experience: DEMO.experience.length,
      skills: DEMO.skills.length,
      awards: DEMO.awards.length,
      certifications: DEMO.certifications.length,
    });
    expect(await publicReads(targetApp)).toEqual(await publicReads(sourceApp));
    expect(await exportOf(targetApp)).toEqual(await exportOf(sourceApp));
  });

  it('writes only what a document changes: the rest keeps its updatedAt (a sitemap lastmod)', async () => {
    const updatedAt = async () =>
      (
        await target.query<{ row: string; at: Date }>(
          `SELECT 'project ' || slug AS row, updated_at AS at FROM projects UNION ALL SELECT 'award ' || id, updated_at FROM awards
         UNION ALL SELECT 'skill ' || id, updated_at FROM skills UNION ALL SELECT 'profile', updated_at FROM profile ORDER BY row`,
        )
      ).map(({ row, at }) => `${row} ${at.toISOString()}`);
    const document = await exportOf(targetApp);
    const before = await updatedAt();
    expect((await apiClient(targetApp)('put', '/api/admin/content', document)).status).toBe(200);
    expect(await updatedAt()).toEqual(before);
    document.projects[1].title = 'Ledger Lens, renamed';
    expect((await apiClient(targetApp)('put', '/api/admin/content', document)).status).toBe(200);
    const moved = (await updatedAt()).filter((row) => !before.includes(row));
    expect(moved).toEqual([expect.stringMatching(new RegExp(`^project ${document.projects[1].slug} `))]);
  });

  it.each([
    ['a field of the 4th project', (document: Exported) => (document.projects[3].title = ''), ['body', 'projects', 3, 'title']],
    ['a slug used twice', (document: Exported) => (document.projects[2].slug = document.projects[0].slug), ['body', 'projects', 2, 'slug']],
    [
      'a skill id used in two categories',
      (document: Exported) => (document.skills[1].skills[0].id = document.skills[0].skills[0].id),
      ['body', 'skills', 1, 'skills', 0, 'id'],
    ],
    [
      'a synced certification without its id there',
      (document: Exported) => (document.certifications[0].externalId = null),
      ['body', 'certifications', 0, 'externalId'],
    ],
    ['an unknown version', (document: Exported) => (document.version = 2), ['body', 'version']],
    ['a missing list', (document: Exported) => delete document.awards, ['body', 'awards']],
  ])('refuses a document with %s: 422 at its path, and changes nothing', async (_, spoil, loc) => {
    const document = await exportOf(sourceApp);
    spoil(document);
    const before = await publicReads(targetApp);
    const response = await apiClient(targetApp)('put', '/api/admin/content', document);
    expect(response.status).toBe(422);
    expect(response.body.detail.map((issue: { loc: unknown }) => issue.loc)).toContainEqual(loc);
    expect(await publicReads(targetApp)).toEqual(before);
  });

  it('takes a document over 100 KB, refuses one over 5 MB with 413, and reads neither before the credential', async () => {
    const document = await exportOf(sourceApp);
    const padded = (i: number) => `${i}`.padEnd(9_000, '.');
    const large = {
      ...document,
      projects: (document.projects as object[]).map((project, i) => ({
        ...project,
        overview: padded(i),
        challenge: padded(i),
        solution: padded(i),
      })),
    };
    expect(JSON.stringify(large).length).toBeGreaterThan(100 * 1024);
    expect((await apiClient(targetApp)('put', '/api/admin/content', large)).status).toBe(200);
    const huge = JSON.stringify({ ...document, padding: 'x'.repeat(5 * 1024 * 1024) });
    const tooLarge = await request(targetApp.server)
      .put('/api/admin/content')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'application/json')
      .send(huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ detail: 'Request body exceeds the 5 MB limit' });
    const anonymous = await request(targetApp.server)
      .put('/api/admin/content')
      .set('Content-Type', 'application/json')
      .send('{"not": json');
    expect(anonymous.status).toBe(401);
    const malformed = await request(targetApp.server)
      .put('/api/admin/content')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'application/json')
      .send('{"not": json');
    expect(malformed.body).toEqual({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
  });

  it('names at most the first 100 issues of a document full of them, each by its place in the document', async () => {
    const document = await exportOf(sourceApp);
    const broken = {
      ...document,
      projects: Array.from({ length: 400 }, (_, i) => ({ ...document.projects[i % 6], slug: 'Not A Slug', title: 5 })),
    };
    const response = await apiClient(targetApp)('put', '/api/admin/content', broken);
    expect(response.status).toBe(422);
    expect(response.body.detail).toHaveLength(100);
    expect(response.body.detail.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { loc: ['body', 'projects', 0, 'title'], msg: expect.any(String), type: 'string_type' },
        { loc: ['body', 'projects', 0, 'slug'], msg: expect.any(String), type: 'string_pattern_mismatch' },
      ]),
    );
    expect(response.body.detail.at(-1).loc.slice(0, 3)).toEqual(['body', 'projects', 49]);
  });

  it('refuses a list of millions of items as one issue, without looking at its items', async () => {
    const document = await exportOf(sourceApp);
    const body = JSON.stringify({ ...document, awards: '[]' }).replace('"[]"', `[${'1,'.repeat(2_000_000)}1]`);
    const response = await request(targetApp.server)
      .put('/api/admin/content')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ detail: [{ loc: ['body', 'awards'], msg: 'List should have at most 5000 items', type: 'too_long' }] });
  });

  it('keeps 100 KB as the limit of every other route', async () => {
    const response = await apiClient(targetApp)('put', '/api/profile', { name: 'M', padding: 'x'.repeat(101 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body exceeds the 100 KB limit' });
  });
});

describe('the content document without a database', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { DATABASE_URL: undefined, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  it('exports the served data set, and refuses an import with 503', async () => {
    const api = apiClient(testApp);
    const document = (await api('get', '/api/admin/content')).body;
    expect(document.projects).toHaveLength(DEMO.projects.length);
    expect((await api('put', '/api/admin/content', document)).status).toBe(503);
  });
});
