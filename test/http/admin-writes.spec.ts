import request from 'supertest';
import { DEMO } from '@test/support/demo';

const { experience: WORK_ENTRIES, skills: SKILL_CATEGORIES } = DEMO;
import { apiClient, ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { createTestApp, type TestApp } from '@test/support/test-app';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

describe('admin writes against PostgreSQL', () => {
  let onDatabase: AppOnDatabase;
  let testApp: TestApp;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    ({ testApp } = onDatabase);
    api = apiClient(testApp);
  });
  afterAll(async () => {
    await onDatabase.close();
  });

  const slugs = async () => (await api('get', '/api/projects')).body.map((card: { slug: string }) => card.slug);
  const entryIds = async () => (await api('get', '/api/experience')).body.map((entry: { id: string }) => entry.id);

  // Which bodies each write takes is its model's (src/*/dto/*.spec.ts): a list of lists, for one, found by fuzzing.
  describe('lists of lists (found by fuzzing)', () => {
    it.each([
      ['put', '/api/profile', { name: 'Mara', links: [[{ label: 'x', url: 'https://x.example' }]] }, 'links', '/api/profile'],
    ] as const)('%s %s refuses a list whose items are lists with 422, changing nothing', async (method, path, body, field, readBack) => {
      const before = await api('get', readBack);
      const response = await api(method, path, body);
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([{ loc: ['body', field], msg: 'Input should be a valid dictionary', type: 'model_type' }]);
      expect((await api('get', readBack)).body).toEqual(before.body);
    });
  });

  describe('the admin credential', () => {
    it('answers a missing header with 401 and a Bearer challenge', async () => {
      const response = await api('post', '/api/projects', { title: 'X', description: 'Y' }, null);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).toEqual({ detail: expect.any(String) });
    });

    // Which tokens match is the strategy's (src/auth/strategies/static-token.strategy.spec.ts).
    it.each([`${ADMIN_TOKEN}x`])('answers the wrong token %s with 401', async (token) => {
      const response = await api('delete', '/api/projects/tidewatch', undefined, token);
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
    });

    it('checks the credential before the body', async () => {
      expect((await api('post', '/api/projects', { title: 7 }, null)).status).toBe(401);
      expect((await api('post', '/api/projects', { title: 7 })).status).toBe(422);
    });

    it('checks the credential before the media type of the body: a form or text is 401 without one and 415 with one, creating nothing', async () => {
      const before = await slugs();
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', 'title=Form&description=Made+from+a+form'],
        ['text/plain', '{"title":"Text","description":"Sent as text"}'],
      ]) {
        const post = () => request(testApp.server).post('/api/projects').set('Content-Type', type);
        expect((await post().send(body)).status).toBe(401);
        const refused = await post().set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(body);
        expect([refused.status, refused.body]).toEqual([415, { detail: 'Request bodies must be application/json in UTF-8' }]);
      }
      expect(await slugs()).toEqual(before);
    });

    it('answers a PATCH without a body 422 missing, changing nothing', async () => {
      const response = await request(testApp.server).patch('/api/profile').set('Authorization', `Bearer ${ADMIN_TOKEN}`);
      expect([response.status, response.body]).toEqual([422, { detail: [{ loc: ['body'], msg: 'Field required', type: 'missing' }] }]);
    });
  });

  // The rules of each write (defaults, resets, order, keys) are the service tier's and the adapter
  // contract's; here, what only HTTP shows: statuses, bodies, validation at the edge, and that a
  // read sees a write at once.
  describe('projects', () => {
    it('answers a create 201 with its id and slug, which a read shows at once', async () => {
      const created = await api('post', '/api/projects', { title: 'Harbour Logistics API', description: 'Berth planning.' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(String), slug: 'harbour-logistics-api' });
      expect(await slugs()).toContain('harbour-logistics-api');
      expect((await api('get', '/api/projects/harbour-logistics-api')).status).toBe(200);
    });

    it('answers a taken slug with 409 naming it', async () => {
      const response = await api('post', '/api/projects', { title: 'Tidewatch', description: 'Again' });
      expect(response.status).toBe(409);
      expect(response.body.detail).toContain('tidewatch');
    });

    it('answers PUT and PATCH 200 with the detail; a PUT without a required field, or a PATCH nulling one, is 422', async () => {
      const missing = await api('put', '/api/projects/ledger-lens', { title: 'Only a title' });
      expect(missing.status).toBe(422);
      expect(missing.body.detail).toEqual([{ loc: ['body', 'description'], msg: 'Field required', type: 'missing' }]);
      const replaced = await api('put', '/api/projects/ledger-lens', { title: 'Ledger Lens 2', description: 'Rewritten.' });
      expect(replaced.status).toBe(200);
      expect((await api('get', '/api/projects/ledger-lens')).body.title).toBe('Ledger Lens 2');
      expect((await api('patch', '/api/projects/ledger-lens', { status: 'Retired' })).status).toBe(200);
      expect((await api('patch', '/api/projects/ledger-lens', { title: null })).status).toBe(422);
    });

    it('answers 404 naming an unknown slug on every write', async () => {
      for (const [method, body] of [
        ['put', { title: 'x', description: 'y' }],
        ['patch', {}],
        ['delete', undefined],
      ] as const) {
        const response = await api(method, '/api/projects/no-such-slug', body);
        expect(response.status).toBe(404);
        expect(response.body.detail).toContain('no-such-slug');
      }
    });

    it('answers a NUL character in a slug with 404 and in a body with 422, before PostgreSQL sees it (found by fuzzing)', async () => {
      for (const [method, body] of [
        ['patch', { title: 'x' }],
        ['put', { title: 'x', description: 'y' }],
        ['delete', undefined],
      ] as const) {
        expect((await api(method, '/api/projects/a%00b', body)).status).toBe(404);
      }
      const inBody = await api('post', '/api/projects', { title: 'a\u0000b', description: 'fine', technologies: ['ok', 'n\u0000l'] });
      expect(inBody.status).toBe(422);
      expect(inBody.body.detail[0].loc[0]).toBe('body');
    });

    it('answers a reorder 200 with the cards in their new order; duplicates are 422, an unknown slug 404 naming it', async () => {
      const before = await slugs();
      const response = await api('patch', '/api/projects/reorder', { order: [before[3]] });
      expect(response.status).toBe(200);
      expect(response.body.map((card: { slug: string }) => card.slug)).toEqual(await slugs());
      expect((await api('patch', '/api/projects/reorder', { order: [before[0], before[0]] })).status).toBe(422);
      const unknown = await api('patch', '/api/projects/reorder', { order: [before[2], 'ghost-project'] });
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toContain('ghost-project');
    });

    it('deletes a project with 204 and no body', async () => {
      const response = await api('delete', '/api/projects/harbour-logistics-api');
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      expect((await api('get', '/api/projects/harbour-logistics-api')).status).toBe(404);
    });
  });

  describe('experience', () => {
    it('answers a create 201 with its id, which a read shows at once', async () => {
      const created = await api('post', '/api/experience', { company: 'Zeewind', role: 'Staff Engineer', period: 'Jan 2027 – Present' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(String) });
      expect(await entryIds()).toContain(created.body.id);
    });

    it('answers PUT and PATCH 200, DELETE 204, and 404 once it is gone; a PUT names each missing field', async () => {
      const id = WORK_ENTRIES[2].id;
      const missing = await api('put', `/api/experience/${id}`, { company: 'Only company' });
      expect(missing.body.detail.map((issue: { loc: string[] }) => issue.loc[1])).toEqual(['role', 'period']);
      expect(
        (await api('put', `/api/experience/${id}`, { company: 'Studio Kade BV', role: 'Developer', period: '2018 – 2020' })).status,
      ).toBe(200);
      expect((await api('patch', `/api/experience/${id}`, { note: 'Part-time.' })).status).toBe(200);
      expect((await api('delete', `/api/experience/${id}`)).status).toBe(204);
      expect((await api('patch', `/api/experience/${id}`, {})).status).toBe(404);
    });

    it('refuses a malformed UUID in the path with a path 422', async () => {
      const response = await api('patch', '/api/experience/not-a-uuid', {});
      expect(response.status).toBe(422);
      expect(response.body.detail).toEqual([{ loc: ['path', 'entry_id'], msg: expect.any(String), type: 'uuid_parsing' }]);
    });

    it('answers a reorder 200; an invalid or duplicate id is 422 at the order, an unknown one 404', async () => {
      const before = await entryIds();
      const invalid = await api('patch', '/api/experience/reorder', { order: ['not-a-uuid'] });
      expect(invalid.status).toBe(422);
      expect(invalid.body.detail[0].loc).toEqual(['body', 'order']);
      expect((await api('patch', '/api/experience/reorder', { order: [before[1], before[1]] })).status).toBe(422);
      expect((await api('patch', '/api/experience/reorder', { order: [before[1], UNKNOWN_UUID] })).status).toBe(404);
      const reordered = await api('patch', '/api/experience/reorder', { order: [before.at(-1)] });
      expect(reordered.status).toBe(200);
      expect(reordered.body.map((entry: { id: string }) => entry.id)).toEqual(await entryIds());
    });
  });

  describe('skills', () => {
    it('answers a category create and a skill create 201 with their ids, which a read shows at once', async () => {
      const created = await api('post', '/api/skills/categories', { title: 'Embedded', skills: [{ name: 'Zephyr' }] });
      expect(created.status).toBe(201);
      const skill = await api('post', `/api/skills/categories/${created.body.id}/skills`, { name: 'FreeRTOS' });
      expect(skill.status).toBe(201);
      const categories = (await api('get', '/api/skills')).body as { id: string; skills: { id: string }[] }[];
      expect(categories.find((category) => category.id === created.body.id)?.skills.map((s) => s.id)).toContain(skill.body.id);
    });

    it('answers 404 when adding a skill to a missing category', async () => {
      const response = await api('post', `/api/skills/categories/${UNKNOWN_UUID}/skills`, { name: 'Orphan' });
      expect(response.status).toBe(404);
    });

    it('answers a category PUT and PATCH 200 with the category; a PUT without its title is 422', async () => {
      const target = SKILL_CATEGORIES[0];
      expect((await api('put', `/api/skills/categories/${target.id}`, { title: 'Programming languages' })).status).toBe(200);
      expect((await api('patch', `/api/skills/categories/${target.id}`, { iconColor: '#000000' })).status).toBe(200);
      expect((await api('put', `/api/skills/categories/${target.id}`, { iconName: 'x' })).status).toBe(422);
    });

    it('answers a skill PUT and PATCH 200, DELETE 204, then 404', async () => {
      const skill = SKILL_CATEGORIES[1].skills[0];
      expect((await api('put', `/api/skills/${skill.id}`, { name: 'Nest' })).status).toBe(200);
      expect((await api('patch', `/api/skills/${skill.id}`, { projects: ['portfolio-platform'] })).status).toBe(200);
      expect((await api('delete', `/api/skills/${skill.id}`)).status).toBe(204);
      expect((await api('delete', `/api/skills/${skill.id}`)).status).toBe(404);
    });

    it('deletes a category with 204; its skills are gone with it', async () => {
      const target = SKILL_CATEGORIES[2];
      expect((await api('delete', `/api/skills/categories/${target.id}`)).status).toBe(204);
      expect((await api('patch', `/api/skills/${target.skills[0].id}`, {})).status).toBe(404);
    });
  });
});

describe('admin writes without a database', () => {
  let testApp: TestApp;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { DATABASE_URL: undefined, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' } });
    api = apiClient(testApp);
  });
  afterAll(() => testApp.close());

  // That each write of each domain is 503 without a database is its service's (test/service/writes-without-a-database.service.spec.ts).
  it.each([
    ['post', '/api/projects', { title: 'A', description: 'B' }],
    ['delete', `/api/skills/${SKILL_CATEGORIES[0].skills[0].id}`, undefined],
    ['patch', '/api/profile', { name: 'A' }],
    ['patch', '/api/certifications/reorder', { order: [] }],
    ['put', '/api/admin/content', { version: 1, profile: null, projects: [], experience: [], skills: [], awards: [], certifications: [] }],
  ] as const)('%s %s answers 503 after the credential and body checks', async (method, path, body) => {
    expect((await api(method, path, body, null)).status).toBe(401);
    const response = await api(method, path, body);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });

  // Which links a write takes is its model's (src/projects/dto/create-project.dto.spec.ts, src/profile/dto/profile-input.dto.spec.ts).
  it('refuses a javascript: link with 422 at its field, before answering 503', async () => {
    const response = await api('post', '/api/projects', { title: 'A', description: 'B', demo: 'javascript:alert(1)' });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'demo'] })]);
  });

  it('still validates the body before answering 503', async () => {
    expect((await api('post', '/api/projects', { title: 5 })).status).toBe(422);
  });

  it('never accepts a token when API_ADMIN_TOKEN is empty', async () => {
    const empty = await createTestApp({ env: { API_ADMIN_TOKEN: '', RATE_LIMIT_ENABLED: 'false' } });
    try {
      const client = apiClient(empty);
      expect((await client('delete', '/api/projects/tidewatch', undefined, '')).status).toBe(401);
      expect((await client('delete', '/api/projects/tidewatch', undefined, 'anything')).status).toBe(401);
    } finally {
      await empty.close();
    }
  });
});
