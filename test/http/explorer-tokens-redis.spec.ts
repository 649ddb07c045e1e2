import Redis from 'ioredis';
import request from 'supertest';
import { SHARED_KEY_NAME } from '@/auth/explorer/explorer-token-key';
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
});
