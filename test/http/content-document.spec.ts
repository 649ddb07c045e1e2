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

/** What the specs below read of an exported document, and change in it. */
interface Exported {
  projects: { slug: string; title: string }[];
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
