import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LocalEntra } from '@test/support/local-entra';
import { createTestApp, type TestApp } from '@test/support/test-app';

/**
 * The admin guard asks its passport strategies in order: the static token, then an Entra ID
 * token, then a guest explorer token. Here the static token is itself a valid JWT of someone
 * outside the admin group, so the order decides the answer.
 */
describe('precedence of the admin credential kinds', () => {
  let entra: LocalEntra;
  let database: TestDatabase;
  let testApp: TestApp;
  let staticTokenThatIsANonMemberJwt: string;

  beforeAll(async () => {
    entra = await LocalEntra.start();
    database = await createTestDatabase();
    staticTokenThatIsANonMemberJwt = await entra.token({ groups: [], oid: '3d4e5f60-7182-4930-a4b5-c6d7e8f9a0b1' });
    testApp = await createTestApp({
      env: { ...entra.env(), DATABASE_URL: database.url, API_ADMIN_TOKEN: staticTokenThatIsANonMemberJwt, REDIS_URL: undefined },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await database.drop();
    await entra.close();
  });

  const patchProject = (token?: string) => {
    const call = request(testApp.server).patch('/api/projects/tidewatch');
    return (token ? call.set('Authorization', `Bearer ${token}`) : call).send({ impact: `changed at ${Date.now()}` });
  };

  it('answers no header with 401 Not authenticated and a Bearer challenge, never 403', async () => {
    const response = await patchProject();
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Not authenticated' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('asks the static token first: that non-member JWT is an admin here', async () => {
    expect((await patchProject(staticTokenThatIsANonMemberJwt)).status).toBe(200);
    // Any other token of the same non-member is judged by Entra ID: valid, not in the group.
    expect((await patchProject(await entra.token({ groups: [], oid: '3d4e5f60-7182-4930-a4b5-c6d7e8f9a0b1', jti: 'other' }))).status).toBe(
      403,
    );
  });

  it('asks explorer tokens last: 403 for a live guest token, 401 for one never issued', async () => {
    const { token: liveGuestToken } = (await request(testApp.server).get('/api/explorer-token').expect(200)).body as { token: string };
    expect((await patchProject(liveGuestToken)).status).toBe(403);
    const unknown = await patchProject('N'.repeat(liveGuestToken.length));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ detail: 'Invalid or expired credentials' });
    expect(unknown.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('refetches the key set for an unknown kid, but at most once per 30 s', async () => {
    expect((await patchProject(await entra.token())).status).toBe(200);
    const fetchesBefore = entra.keySetRequests;
    await entra.rotateSigningKey();
    const signedWithTheNewKey = await entra.token();
    expect((await patchProject(signedWithTheNewKey)).status).toBe(401);
    expect(entra.keySetRequests).toBe(fetchesBefore);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await patchProject(signedWithTheNewKey)).status).toBe(200);
      expect(entra.keySetRequests).toBe(fetchesBefore + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
