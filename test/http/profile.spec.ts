import request from 'supertest';
import { apiClient } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import type { TestApp } from '@test/support/test-app';

const MARA = {
  name: '  Mara Jansen  ',
  headline: { english: 'Backend engineer', nederlands: 'Backend-engineer' },
  summary: { english: 'Builds services.', nederlands: 'Bouwt services.' },
  location: 'Utrecht',
  email: 'mara@example.org',
  website: 'https://mara.example.org',
  links: [{ label: 'GitHub', url: 'https://github.com/mara' }],
};

describe('the profile against PostgreSQL, from an empty database (CONTENT_SEED=none)', () => {
  let onDatabase: AppOnDatabase;
  let testApp: TestApp;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ CONTENT_SEED: 'none' });
    ({ testApp } = onDatabase);
    api = apiClient(testApp);
  });
  afterAll(async () => {
    await onDatabase.close();
  });

  it('is 404 while none is set, and PATCH cannot create one', async () => {
    expect((await api('get', '/api/profile', undefined, null)).body).toEqual({ detail: 'No profile has been set' });
    expect((await api('patch', '/api/profile', { name: 'X' })).status).toBe(404);
  });

  it('PUT creates it (name trimmed, the rest kept), and the public read serves it with an ETag and 304', async () => {
    const put = await api('put', '/api/profile', MARA);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...MARA, name: 'Mara Jansen', photo: '' });
    const read = await request(testApp.server).get('/api/profile').expect(200);
    expect(read.body).toEqual(put.body);
    await request(testApp.server).get('/api/profile').set('If-None-Match', read.headers.etag).expect(304);
  });

  it('answers PATCH and PUT 200 with the profile, which the public read then serves', async () => {
    const patched = await api('patch', '/api/profile', { headline: { nederlands: 'Software-engineer' }, location: 'Amsterdam' });
    expect(patched.status).toBe(200);
    expect((await request(testApp.server).get('/api/profile')).body).toEqual(patched.body);
    const put = await api('put', '/api/profile', { name: 'Mara' });
    expect(put.status).toBe(200);
    expect((await request(testApp.server).get('/api/profile')).body).toEqual(put.body);
  });

  it.each([
    [{ name: '   ' }, ['body', 'name']],
    [{ name: 'x'.repeat(101) }, ['body', 'name']],
    [{ name: 'M', email: 'not-an-address' }, ['body', 'email']],
    [{ name: 'M', headline: { english: 'x'.repeat(201) } }, ['body', 'headline', 'english']],
    [{ name: 'M', summary: { nederlands: 'x'.repeat(2001) } }, ['body', 'summary', 'nederlands']],
    [{ name: 'M', links: [{ label: 'Site', url: 'javascript:alert(1)' }] }, ['body', 'links', 0, 'url']],
    [{ name: 'M', links: [{ label: 'Site', url: '/relative' }] }, ['body', 'links', 0, 'url']],
    [{ name: 'M', links: [{ label: '', url: 'https://x.example' }] }, ['body', 'links', 0, 'label']],
    [{ name: 'M', links: Array.from({ length: 21 }, () => ({ label: 'L', url: 'https://x.example' })) }, ['body', 'links']],
  ])('refuses %j with a 422 at %j, changing nothing', async (body, loc) => {
    const before = (await request(testApp.server).get('/api/profile')).body;
    const response = await api('put', '/api/profile', body);
    expect(response.status).toBe(422);
    expect(response.body.detail.map((issue: { loc: unknown }) => issue.loc)).toContainEqual(loc);
    expect((await request(testApp.server).get('/api/profile')).body).toEqual(before);
  });

  it('takes "" for no email, and checks the credential before the body', async () => {
    expect((await api('patch', '/api/profile', { email: '' })).status).toBe(200);
    expect((await api('put', '/api/profile', { name: 7 }, null)).status).toBe(401);
    expect((await api('put', '/api/profile', { name: 7 }, 'wrong-token')).status).toBe(401);
  });
});
