import request from 'supertest';
import { DEMO } from '@test/support/demo';
import { createTestApp, type TestApp } from '@test/support/test-app';

const { projects: PROJECTS, experience: WORK_ENTRIES, skills: SKILL_CATEGORIES, awards: AWARDS, certifications: CERTIFICATIONS } = DEMO;

describe('public content from the built-in data set', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { DATABASE_URL: undefined, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  const get = async (path: string, status: number) => {
    const response = await request(testApp.server).get(path).expect(status);
    return response;
  };

  it('GET /api/health reports the service and its peers', async () => {
    const { body } = await get('/api/health', 200);
    expect(body).toEqual({ status: 'healthy', message: expect.any(String) });
  });

  it('GET /health answers the same for legacy probes', async () => {
    const { body } = await request(testApp.server).get('/health').expect(200);
    expect(body).toEqual({ status: 'healthy', message: expect.any(String) });
  });

  describe('projects', () => {
    it('lists cards in display order, without detail fields', async () => {
      const { body } = await get('/api/projects', 200);
      expect(body.map((card: { slug: string }) => card.slug)).toEqual(PROJECTS.map((p) => p.slug));
      expect(Object.keys(body[0]).sort()).toEqual([
        'category',
        'client',
        'demo',
        'description',
        'image',
        'imageSet',
        'impact',
        'longDescription',
        'slug',
        'status',
        'technologies',
        'title',
      ]);
    });

    it('answers a detail with navigation following the list order', async () => {
      const [first, second, third] = PROJECTS;
      const { body } = await get(`/api/projects/${second.slug}`, 200);
      expect(body).toMatchObject({
        slug: second.slug,
        title: second.title,
        overview: second.overview,
        challenge: second.challenge,
        solution: second.solution,
        results: second.results,
        responsibilities: second.responsibilities,
        navigation: {
          previous: { slug: first.slug, title: first.title },
          next: { slug: third.slug, title: third.title },
        },
      });
    });

    it('answers 404 naming the missing slug', async () => {
      const { body } = await get('/api/projects/no-such-project', 404);
      expect(body).toEqual({ detail: expect.stringContaining('no-such-project') });
    });

    it('treats odd slugs as missing, never as a server error', async () => {
      for (const slug of ['%00', '..%2F..%2Fetc', 'x'.repeat(2000), '%F0%9F%98%80', 'constructor', '__proto__']) {
        await get(`/api/projects/${slug}`, 404);
      }
    });
  });

  describe('experience', () => {
    it('lists entries newest first with their ids', async () => {
      const { body } = await get('/api/experience', 200);
      expect(body).toEqual(WORK_ENTRIES);
    });

    // The query's and the path's rules are their models' (src/experience/dto/*.spec.ts), what they read the service's.
    it('keeps the 2 most recent with ?top, and refuses ?top=-1 with a query 422', async () => {
      expect((await get('/api/experience?top=2', 200)).body).toEqual(WORK_ENTRIES.slice(0, 2));
      const { body } = await get('/api/experience?top=-1', 422);
      expect(body.detail).toEqual([{ loc: ['query', 'top'], msg: expect.any(String), type: expect.any(String) }]);
    });

    it('answers the deprecated by-index read', async () => {
      const { body } = await get('/api/experience/1', 200);
      expect(body).toEqual(WORK_ENTRIES[1]);
    });

    it('answers 404 naming an index past the last, and refuses one that is not a number with a path 422', async () => {
      expect((await get('/api/experience/999999999999999', 404)).body.detail).toContain('999999999999999');
      const { body } = await get('/api/experience/abc', 422);
      expect(body.detail).toEqual([{ loc: ['path', 'index'], msg: expect.any(String), type: 'int_parsing' }]);
    });
  });

  it('GET /api/skills lists categories with skills naming their projects', async () => {
    const { body } = await get('/api/skills', 200);
    expect(body).toEqual(SKILL_CATEGORIES);
  });

  it('GET /api/awards lists awards in order', async () => {
    const { body } = await get('/api/awards', 200);
    expect(body).toEqual(AWARDS);
  });

  it('GET /api/certifications lists certifications in order', async () => {
    const { body } = await get('/api/certifications', 200);
    expect(body).toEqual(CERTIFICATIONS);
  });
});
