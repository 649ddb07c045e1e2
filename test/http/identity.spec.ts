import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { LocalEntra } from '@test/support/local-entra';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

describe('identity: Entra ID tokens, explorer tokens and auth/me', () => {
  let entra: LocalEntra;
  let onDatabase: AppOnDatabase;
  let testApp: TestApp;

  beforeAll(async () => {
    entra = await LocalEntra.start();
    onDatabase = await appOnDatabase({ ...entra.env(), REDIS_URL: undefined, RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' });
    ({ testApp } = onDatabase);
  });
  afterAll(async () => {
    await onDatabase.close();
    await entra.close();
  });

  /**
   * A write that only an admin may make; answers 200 for one. Each call comes from a client of
   * its own: the many refused tokens here must not add up to the failed-credential limit.
   */
  let client = 0;
  const patchProject = async (token: string) => {
    client += 1;
    const response = await request(testApp.server)
      .patch('/api/projects/tidewatch')
      .set('X-Forwarded-For', `198.51.100.${client}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ impact: `changed at ${Date.now()}` });
    return response;
  };
  const now = () => Math.floor(Date.now() / 1000);

  // Which tokens make an admin is the strategy's rule (test/service/entra-credentials.service.spec.ts); here, what a client sees of each ending.
  describe('admin writes with an Entra ID access token', () => {
    it('accepts a member token, and the static token alongside', async () => {
      expect((await patchProject(await entra.token())).status).toBe(200);
      expect((await patchProject(ADMIN_TOKEN)).status).toBe(200);
    });

    it('refuses a token it does not accept with 401 and a detail that does not say why', async () => {
      const response = await patchProject(await entra.token({ exp: now() - 120 }));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Invalid or expired credentials' });
      expect(response.headers['www-authenticate']).toContain('Bearer');
    });

    it('answers 403 to a valid token outside the admin group', async () => {
      const response = await patchProject(await entra.token({ groups: ['00000000-0000-4000-8000-000000000001'] }));
      expect(response.status).toBe(403);
    });

    it('answers 503 when an overflowed group claim cannot be checked with Graph (fails closed)', async () => {
      entra.graphAvailable = false;
      try {
        const stranger = '2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0';
        const response = await patchProject(await entra.token({ oid: stranger, groups: undefined, hasgroups: true }));
        expect(response.status).toBe(503);
        expect(response.body).toEqual({ detail: 'Group membership could not be checked; try again shortly' });
      } finally {
        entra.graphAvailable = true;
      }
    });
  });

  describe('explorer tokens', () => {
    const explorerToken = (authorization?: string) => {
      const call = request(testApp.server).get('/api/explorer-token');
      return authorization ? call.set('Authorization', authorization) : call;
    };

    it('issues a unique signed guest token for an hour when no bearer is sent', async () => {
      const [first, second] = await Promise.all([explorerToken().expect(200), explorerToken().expect(200)]);
      expect(first.body).toEqual({ token: expect.stringMatching(/^[\w-]{91}$/), role: 'guest', expiresIn: 3600 });
      expect(first.body.token).not.toBe(second.body.token);
    });

    it('marks every answer, guest or admin, as not to be stored by any cache', async () => {
      expect((await explorerToken().expect(200)).headers['cache-control']).toBe('no-store');
      expect((await explorerToken(`Bearer ${ADMIN_TOKEN}`).expect(200)).headers['cache-control']).toBe('no-store');
    });

    it('echoes an admin bearer with role admin, for both credential kinds', async () => {
      expect((await explorerToken(`Bearer ${ADMIN_TOKEN}`).expect(200)).body).toEqual({ token: ADMIN_TOKEN, role: 'admin' });
      const jwt = await entra.token();
      expect((await explorerToken(`Bearer ${jwt}`).expect(200)).body).toMatchObject({ token: jwt, role: 'admin' });
    });

    it('answers a wrong bearer with 401, never a guest token', async () => {
      const response = await explorerToken('Bearer not-a-real-token').expect(401);
      expect(response.body).toEqual({ detail: expect.any(String) });
      const guest = (await explorerToken().expect(200)).body.token;
      await explorerToken(`Bearer ${guest}`).expect(401);
    });

    it('lets a guest token read but answers 403 on admin routes', async () => {
      const { token } = (await explorerToken().expect(200)).body;
      await request(testApp.server).get('/api/projects').set('Authorization', `Bearer ${token}`).expect(200);
      expect((await patchProject(token)).status).toBe(403);
    });

    it('is never rate limited', async () => {
      for (let i = 0; i < 80; i += 1) await explorerToken().expect(200);
    });
  });

  describe('GET /api/auth/me and /auth/me', () => {
    it.each(['/api/auth/me', '/auth/me'])('%s answers the token owner', async (path) => {
      const response = await request(testApp.server)
        .get(path)
        .set('Authorization', `Bearer ${await entra.token()}`)
        .expect(200);
      expect(response.body).toEqual({
        id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
        email: 'mara@contoso.example',
        name: 'Mara Jansen',
        role: 'admin',
      });
    });

    it('refuses the static token, a bad token and no token with 401', async () => {
      for (const authorization of [`Bearer ${ADMIN_TOKEN}`, 'Bearer nonsense', undefined]) {
        const call = request(testApp.server).get('/api/auth/me');
        await (authorization ? call.set('Authorization', authorization) : call).expect(401);
      }
    });

    it('answers 403 to a valid token outside the group', async () => {
      const token = await entra.token({ groups: [] });
      await request(testApp.server).get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(403);
    });
  });
});

describe('auth/me without an Entra ID tenant', () => {
  let testApp: TestApp;
  const logs = new LogLines();

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { DATABASE_URL: undefined, REDIS_URL: undefined, RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'info' },
      logDestination: logs,
    });
  });
  afterAll(() => testApp.close());

  const rejections = () => logs.entries.filter((entry) => entry.event === 'jwt_rejected').map((entry) => entry.reasons);

  it('refuses every credential with 401 and the challenge, and logs only a missing token, as with passport-jwt', async () => {
    for (const authorization of [`Bearer ${ADMIN_TOKEN}`, 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln', undefined]) {
      const call = request(testApp.server).get('/api/auth/me');
      const response = await (authorization ? call.set('Authorization', authorization) : call).expect(401);
      expect([response.body, response.headers['www-authenticate']]).toEqual([
        { detail: 'Invalid or expired credentials' },
        'Bearer error="invalid_token"',
      ]);
    }
    expect(rejections()).toEqual([['No auth token']]);
  });
});
