import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { KEY_REFRESH_MS, SHARED_KEY_NAME, SharedExplorerTokenKey } from '@/auth/explorer/explorer-token-key';
import { ADMIN_TOKEN } from '@test/support/admin';
import { LocalRedisServer } from '@test/support/redis-server';
import { createTestApp, type TestApp } from '@test/support/test-app';

describe('explorer tokens across instances on one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  let server: LocalRedisServer;
  let redis: Redis;

  beforeAll(async () => {
    server = await LocalRedisServer.start();
    const env = { REDIS_URL: server.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
    redis = new Redis(server.url);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), redis.quit()]);
    await server.stop();
  });

  const guestToken = async (app: TestApp): Promise<string> =>
    ((await request(app.server).get('/api/explorer-token').expect(200)).body as { token: string }).token;

  it('honours a token issued by one instance on another', async () => {
    const token = await guestToken(first);
    await request(second.server).delete('/api/projects/tidewatch').set('Authorization', `Bearer ${token}`).expect(403);
  });

  it('stores nothing per token: a thousand issued leave Redis with the one shared key', async () => {
    for (let i = 0; i < 1000; i += 1)
      await request(i % 2 ? first.server : second.server)
        .get('/api/explorer-token')
        .expect(200);
    expect(await redis.keys('*')).toEqual([SHARED_KEY_NAME]);
  });

  it('reads the shared key again every minute, so instances agree soon after it changes there', async () => {
    const [one, other] = [new SharedExplorerTokenKey(redis, 200), new SharedExplorerTokenKey(redis, 200)];
    expect(await one.get()).toEqual(await other.get());
    const rotated = randomBytes(32);
    await redis.set(SHARED_KEY_NAME, rotated.toString('base64'));
    for (const key of [one, other])
      await vi.waitFor(async () => expect(await key.get()).toEqual(rotated), { timeout: 3_000, interval: 100 });
    expect(KEY_REFRESH_MS).toBe(60_000);
  });
});
