import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { LocalRedisServer } from '@test/support/redis-server';
import { createTestApp, type TestApp } from '@test/support/test-app';

const READ_LIMIT = 60;

describe('several instances on one Redis', () => {
  let redis: LocalRedisServer;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = await LocalRedisServer.start();
    const env = { REDIS_URL: redis.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await redis.stop();
  });

  const read = (app: TestApp, path: string, client: string) => request(app.server).get(path).set('X-Forwarded-For', client);

  it('share one budget per client: the 61st read across both instances is 429', async () => {
    for (let i = 0; i < READ_LIMIT; i += 1) await read(i % 2 ? first : second, '/api/skills', '203.0.113.1').expect(200);
    const response = await read(first, '/api/skills', '203.0.113.1').expect(429);
    expect(response.body).toEqual({ detail: 'Rate limit exceeded' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await read(second, '/api/skills', '203.0.113.1').expect(429);
  });

  it('keep serving other clients while one address floods a limited route', async () => {
    const served: number[] = [];
    for (let round = 0; round < 40; round += 1) {
      const flood = Array.from({ length: 50 }, () => read(round % 2 ? first : second, '/api/awards', '198.51.100.66'));
      const [answer, ...flooded] = await Promise.all([read(first, '/api/awards', '198.51.100.77'), ...flood]);
      served.push(answer.status);
      if (round > 1) expect(flooded.every((response) => response.status === 429)).toBe(true);
    }
    expect(served).toEqual(Array(40).fill(200));
  });

  it('share one failed-credential budget per client: ten 401s across both instances lock it out of admin routes', async () => {
    const admin = (app: TestApp, client: string, token: string) =>
      request(app.server).delete('/api/projects/no-such-project').set('X-Forwarded-For', client).set('Authorization', `Bearer ${token}`);
    for (let i = 0; i < 10; i += 1) await admin(i % 2 ? first : second, '203.0.113.50', `wrong-${i}`).expect(401);
    for (const app of [first, second]) {
      const response = await admin(app, '203.0.113.50', ADMIN_TOKEN).expect(429);
      expect(response.body).toEqual({ detail: 'Rate limit exceeded' });
    }
    await admin(first, '203.0.113.51', ADMIN_TOKEN).expect(503);
  });

  it('count a burst of wrong bearers atomically across both instances: at most ten 401s', async () => {
    const burst = Array.from({ length: 100 }, (_, i) =>
      request((i % 2 ? first : second).server)
        .delete('/api/projects/no-such-project')
        .set('X-Forwarded-For', '203.0.113.52')
        .set('Authorization', `Bearer burst-${i}`),
    );
    const statuses = (await Promise.all(burst)).map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
  });

  describe('when Redis stops and comes back', () => {
    beforeAll(() => redis.stop());
    afterAll(() => redis.resume());

    it('answers explorer-token issue and look-up with 503 within two seconds on an instance that never had the shared key', async () => {
      const startedAt = Date.now();
      const issue = await request(first.server).get('/api/explorer-token').expect(503);
      expect(issue.body).toEqual({ detail: 'Explorer tokens are unavailable; try again shortly' });
      const lookUp = await request(second.server)
        .delete('/api/projects/tidewatch')
        .set('Authorization', `Bearer ${'Q'.repeat(91)}`)
        .expect(503);
      expect(lookUp.body).toEqual({ detail: 'Explorer tokens are unavailable; try again shortly' });
      expect(Date.now() - startedAt).toBeLessThan(2_000);
    });

    it('still answers 401 to a bearer that cannot be an explorer token', async () => {
      for (const bearer of ['some-wrong-token', 'T'.repeat(90), `${'T'.repeat(90)}=`, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln'])
        await request(first.server)
          .delete('/api/projects/tidewatch')
          .set('X-Forwarded-For', '198.51.100.20')
          .set('Authorization', `Bearer ${bearer}`)
          .expect(401);
    });

    it('still counts failed credential checks, in each instance memory', async () => {
      const admin = (token: string) =>
        request(first.server)
          .delete('/api/projects/no-such-project')
          .set('X-Forwarded-For', '203.0.113.53')
          .set('Authorization', `Bearer ${token}`);
      for (let i = 0; i < 10; i += 1) await admin(`wrong-${i}`).expect(401);
      await admin(ADMIN_TOKEN).expect(429);
    });

    it('counts a bearer it cannot vouch for (503, the shared key out of reach) toward the lockout, as the static token was compared', async () => {
      const admin = (token: string) =>
        request(first.server)
          .delete('/api/projects/no-such-project')
          .set('X-Forwarded-For', '203.0.113.54')
          .set('Authorization', `Bearer ${token}`);
      // 91 characters of base64url whose last one carries no stray bits: each could be a token.
      for (let i = 0; i < 10; i += 1) await admin(`${'Q'.repeat(90)}${'AEIMQUYcgk'[i]}`).expect(503);
      await admin(ADMIN_TOKEN).expect(429);
    });

    it('keeps rate limits working per instance', async () => {
      for (let i = 0; i < READ_LIMIT; i += 1) await read(first, '/api/certifications', '203.0.113.2').expect(200);
      await read(first, '/api/certifications', '203.0.113.2').expect(429);
      await read(second, '/api/certifications', '203.0.113.2').expect(200);
    });

    it('recovers by itself once Redis is back', async () => {
      await redis.resume();
      await waitFor(async () => (await request(first.server).get('/api/explorer-token')).status === 200);
      const { token } = (await request(first.server).get('/api/explorer-token').expect(200)).body;
      await waitFor(
        async () => (await request(second.server).delete('/api/projects/tidewatch').set('Authorization', `Bearer ${token}`)).status === 403,
      );
      // Shared counting resumes on both (each retries Redis after its fallback window): a fresh
      // client's read on one instance then counts against its budget on the other.
      let probe = 0;
      await waitFor(async () => {
        const client = `192.0.2.${(probe += 1)}`;
        await read(first, '/api/experience', client).expect(200);
        return (await read(second, '/api/experience', client)).headers['x-ratelimit-remaining'] === String(READ_LIMIT - 2);
      });
      for (let i = 0; i < READ_LIMIT; i += 1) await read(i % 2 ? first : second, '/api/experience', '203.0.113.3').expect(200);
      await read(second, '/api/experience', '203.0.113.3').expect(429);
    });
  });
});

describe('explorer tokens while Redis is down, once the instances share the key', () => {
  let redis: LocalRedisServer;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = await LocalRedisServer.start();
    const env = { REDIS_URL: redis.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await redis.stop();
  });

  it('are still issued by one and honoured by the other: nothing per token lives in Redis', async () => {
    const guestOf = async (app: TestApp) =>
      ((await request(app.server).get('/api/explorer-token').expect(200)).body as { token: string }).token;
    const asGuest = (app: TestApp, token: string) =>
      request(app.server).delete('/api/projects/tidewatch').set('Authorization', `Bearer ${token}`);
    await asGuest(second, await guestOf(first)).expect(403);
    await redis.stop();
    await asGuest(second, await guestOf(first)).expect(403);
    await asGuest(first, await guestOf(second)).expect(403);
  });
});

/** Until the check passes, for what recovers in the background (reconnects, fallbacks); 10 s at most. */
const waitFor = (check: () => Promise<boolean>): Promise<void> =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 10_000, interval: 100 });
