import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LocalAppConfiguration } from '@test/support/local-app-configuration';
import { LocalRedisServer } from '@test/support/redis-server';
import { createTestApp, type TestApp } from '@test/support/test-app';

const READ_LIMIT = 60;
const FLAG_CACHE_TTL_MS = 500;

/** Two instances on one PostgreSQL, one Redis and one configuration store behave as one service. */
describe('several instances, one service', () => {
  let redis: LocalRedisServer;
  let database: TestDatabase;
  const flagStore = new LocalAppConfiguration();
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    redis = await LocalRedisServer.start();
    database = await createTestDatabase();
    await flagStore.start();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      APP_CONFIG_CONNECTION_STRING: flagStore.connectionString,
      FLAG_CACHE_TTL_MS: String(FLAG_CACHE_TTL_MS),
      API_ADMIN_TOKEN: ADMIN_TOKEN,
      RATE_LIMIT_ENABLED: 'true',
      TRUST_PROXY: 'loopback',
    };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await Promise.all([redis.stop(), flagStore.stop()]);
    await database.drop();
  });

  const as = (app: TestApp, client = '198.51.100.7') => ({
    get: (path: string) => request(app.server).get(path).set('X-Forwarded-For', client),
    patch: (path: string, body: object, token = ADMIN_TOKEN) =>
      request(app.server).patch(path).set('X-Forwarded-For', client).set('Authorization', `Bearer ${token}`).send(body),
  });

  it('count rate limits across both: the 61st read of one client is 429 on either', async () => {
    for (let i = 0; i < READ_LIMIT; i += 1)
      await as(i % 2 ? first : second, '198.51.100.60')
        .get('/api/awards')
        .expect(200);
    await as(first, '198.51.100.60').get('/api/awards').expect(429);
    await as(second, '198.51.100.60').get('/api/awards').expect(429);
  });

  it('accept an explorer token issued by the other: a guest, so 403 on an admin route rather than 401', async () => {
    const { body } = await as(first).get('/api/explorer-token').expect(200);
    await as(second)
      .patch('/api/feature-flags', { cvGeneration: true }, body.token as string)
      .expect(403);
    await as(second).patch('/api/feature-flags', { cvGeneration: true }, 'not-a-token').expect(401);
  });

  it('show a write made on one at once on the other', async () => {
    await as(second).get('/api/projects/tidewatch').expect(200);
    await as(first).patch('/api/projects/tidewatch', { impact: 'Written on the first instance' }).expect(200);
    await vi.waitFor(
      async () => expect((await as(second).get('/api/projects/tidewatch')).body.impact).toBe('Written on the first instance'),
      {
        timeout: 2_000,
      },
    );
  });

  it('see a flag changed on one within the flag cache lifetime on the other', async () => {
    expect((await as(second).get('/api/feature-flags').expect(200)).body.portfolioContentApi).toBe(false);
    await as(first).patch('/api/feature-flags', { portfolioContentApi: true }).expect(200);
    const changedAt = Date.now();
    await vi.waitFor(async () => expect((await as(second).get('/api/feature-flags')).body.portfolioContentApi).toBe(true), {
      timeout: FLAG_CACHE_TTL_MS * 4,
    });
    expect(Date.now() - changedAt).toBeLessThan(FLAG_CACHE_TTL_MS * 4);
  });
});
