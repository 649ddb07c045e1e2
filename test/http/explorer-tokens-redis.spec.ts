import Redis from 'ioredis';
import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { createTestApp, type TestApp } from '@test/support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

describe('explorer tokens in Redis, shared by instances', () => {
  let first: TestApp;
  let second: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    const env = { REDIS_URL, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), redis.quit()]);
  });

  it('stores a guest token with a one-hour expiry that Redis enforces', async () => {
    const { token } = (await request(first.server).get('/api/explorer-token').expect(200)).body;
    const ttl = await redis.pttl(`explorer-token:${token}`);
    expect(ttl).toBeGreaterThan(3_590_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });

  it('honours a token issued by one instance on another', async () => {
    const { token } = (await request(first.server).get('/api/explorer-token').expect(200)).body;
    await request(second.server).delete('/api/projects/tidewatch').set('Authorization', `Bearer ${token}`).expect(403);
  });

  it('forgets a token once Redis expires it', async () => {
    const { token } = (await request(first.server).get('/api/explorer-token').expect(200)).body;
    await redis.pexpire(`explorer-token:${token}`, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await request(second.server).delete('/api/projects/tidewatch').set('Authorization', `Bearer ${token}`).expect(401);
  });
});
