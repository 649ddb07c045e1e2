import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { LocalEntra } from '@test/support/local-entra';
import { createTestApp, type TestApp } from '@test/support/test-app';

interface Revision {
  id: number;
  source: string;
  domains: string[];
  actor: string | null;
}

const REVISIONS = '/api/admin/content/revisions';

/** What HTTP shows of the history: who a bearer names, the query's checks, the credential first. What it records is the adapter tier's. */
describe('content history', () => {
  let entra: LocalEntra;
  let onDatabase: AppOnDatabase;
  const server = () => onDatabase.testApp.server;

  beforeAll(async () => {
    entra = await LocalEntra.start();
    onDatabase = await appOnDatabase(entra.env());
  });
  afterAll(async () => {
    await onDatabase?.close();
    await entra?.close();
  });

  const as = (token = ADMIN_TOKEN) => ({
    get: (path: string) => request(server()).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string) => request(server()).post(path).set('Authorization', `Bearer ${token}`),
    patch: (path: string) => request(server()).patch(path).set('Authorization', `Bearer ${token}`),
  });
  const newest = async () => ((await as().get(REVISIONS).expect(200)).body as Revision[])[0];

  it("names an Entra ID admin by the token's name", async () => {
    const before = await vi.waitFor(async () => (await newest()) ?? Promise.reject(new Error('no revision yet')));
    await as(await entra.token())
      .patch('/api/profile')
      .send({ location: 'Utrecht' })
      .expect(200);
    const revision = await vi.waitFor(
      async () => {
        const latest = await newest();
        if (latest.id === before.id) throw new Error('not recorded yet');
        return latest;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(revision).toMatchObject({ source: 'api', actor: 'Mara Jansen', domains: ['profile'] });
  });

  it('refuses a bad limit, before or id (422), an unknown revision (404), and checks the credential first', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=abc', '?before=0', '?before=x', '?before=99999999999']) {
      const response = await as().get(`${REVISIONS}${query}`).expect(422);
      expect(response.body.detail[0].loc[0]).toBe('query');
    }
    expect((await as().get(`${REVISIONS}/abc`).expect(422)).body.detail[0].loc).toEqual(['path', 'revision_id']);
    expect((await as().get(`${REVISIONS}/999999`).expect(404)).body).toEqual({ detail: 'Revision 999999 not found' });
    await as().post(`${REVISIONS}/999999/restore`).expect(404);
    await request(server()).get(`${REVISIONS}/abc`).expect(401);
    await request(server()).post(`${REVISIONS}/1/restore`).expect(401);
  });
});

describe('content history without a database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { API_ADMIN_TOKEN: ADMIN_TOKEN, DATABASE_URL: undefined } });
  });
  afterAll(() => app.close());

  it('answers 503, after the credential', async () => {
    for (const call of [
      request(app.server).get(REVISIONS),
      request(app.server).get(`${REVISIONS}/1`),
      request(app.server).post(`${REVISIONS}/1/restore`),
    ]) {
      expect((await call.set('Authorization', `Bearer ${ADMIN_TOKEN}`)).status).toBe(503);
    }
    await request(app.server).get(REVISIONS).expect(401);
  });
});
