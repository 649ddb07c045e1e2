import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { LogLines } from '@test/support/log-lines';
import { createTestApp, type TestApp } from '@test/support/test-app';

const FAILURES_ALLOWED = 10;

describe('guessing admin credentials', () => {
  let testApp: TestApp;
  const logs = new LogLines();
  beforeAll(async () => {
    testApp = await createTestApp({
      env: { API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' },
      logDestination: logs,
    });
  });
  afterAll(() => testApp.close());

  const as = (client: string) => ({
    admin: (bearer?: string) => {
      const call = request(testApp.server).get('/api/metrics/cv-downloads').set('X-Forwarded-For', client);
      return bearer === undefined ? call : call.set('Authorization', `Bearer ${bearer}`);
    },
    explorerToken: (bearer: string) =>
      request(testApp.server).get('/api/explorer-token').set('X-Forwarded-For', client).set('Authorization', `Bearer ${bearer}`),
  });

  it('locks a client out of admin routes after ten 401s in a minute, even with the right token', async () => {
    const guesser = as('203.0.113.60');
    for (let i = 0; i < FAILURES_ALLOWED - 2; i += 1) await guesser.admin(`guess-${i}`).expect(401);
    await guesser.admin().expect(401);
    await guesser.admin('Basic-looking nonsense').expect(401);
    await guesser.admin(ADMIN_TOKEN).expect(429);
    const refused = await guesser.admin(`guess-again`).set('X-Request-Id', 'locked-out').expect(429);
    expect(refused.body).toEqual({ detail: 'Rate limit exceeded' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-request-id']).toBe('locked-out');
    // The operator reads why, once for that client and minute.
    const lockouts = logs.entries.filter((entry) => entry.event === 'credential_lockout' && entry.client === '203.0.113.60');
    expect(lockouts).toEqual([expect.objectContaining({ level: 40, failures: 10, until: expect.any(String) })]);
    expect(Date.parse(lockouts[0].until as string) - Date.now()).toBeGreaterThan(0);
    expect(Date.parse(lockouts[0].until as string) - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('never affects another client', async () => {
    const guesser = as('203.0.113.61');
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) await guesser.admin(`guess-${i}`).expect(401);
    await guesser.admin(ADMIN_TOKEN).expect(429);
    await as('203.0.113.62').admin(ADMIN_TOKEN).expect(503); // no database here: past the guard
    await as('203.0.113.61:50000').admin(ADMIN_TOKEN).expect(429); // a new connection buys no new budget
  });

  it('counts a wrong bearer on the explorer-token route in the same budget, and locks that route too', async () => {
    const client = as('203.0.113.64');
    for (let i = 0; i < FAILURES_ALLOWED / 2; i += 1) {
      await client.explorerToken(`guess-${i}`).expect(401);
      await client.admin(`guess-${i}`).expect(401);
    }
    await client.admin(ADMIN_TOKEN).expect(429);
    const refused = await client.explorerToken(ADMIN_TOKEN).expect(429);
    expect(refused.body).toEqual({ detail: 'Rate limit exceeded' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // A guest token asks for no credential: never limited.
    await request(testApp.server).get('/api/explorer-token').set('X-Forwarded-For', '203.0.113.64').expect(200);
  });

  it('counts first, then decides: of a hundred wrong bearers at once, at most ten are answered 401', async () => {
    const client = as('203.0.113.65');
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => client.admin(`burst-${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES_ALLOWED);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - FAILURES_ALLOWED);
    expect(answers.find((answer) => answer.status === 429)?.headers['www-authenticate']).toBeUndefined();
  });

  it('counts neither 403s, nor guest-token requests without a bearer, nor public routes', async () => {
    const client = as('203.0.113.63');
    const { token: guest } = (await request(testApp.server).get('/api/explorer-token').expect(200)).body as { token: string };
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      await client.admin(guest).expect(403);
      await request(testApp.server).get('/api/explorer-token').set('X-Forwarded-For', '203.0.113.63').expect(200);
      await request(testApp.server).get('/api/projects').set('X-Forwarded-For', '203.0.113.63').set('Authorization', `Bearer guess-${i}`);
    }
    await client.admin(ADMIN_TOKEN).expect(503);
  });
});
