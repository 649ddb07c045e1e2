import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LocalAppConfiguration } from '@test/support/local-app-configuration';
import { LocalRedisServer } from '@test/support/redis-server';
import { closedPort, LocalSmtpServer, SMTP_PASSWORD, SMTP_USER } from '@test/support/smtp-server';
import { createTestApp } from '@test/support/test-app';

const mailEnv = (port: number) => ({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_USER, SMTP_PASSWORD });

async function healthWith(env: Record<string, string | undefined>) {
  const testApp = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false', ...env } });
  try {
    return (await request(testApp.server).get('/api/health').expect(200)).body as { status: string; message: string };
  } finally {
    await testApp.close();
  }
}

describe('GET /api/health reports its peers', () => {
  let database: TestDatabase;
  let smtp: LocalSmtpServer;
  let redis: LocalRedisServer;
  const flagStore = new LocalAppConfiguration();

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await LocalSmtpServer.start();
    redis = await LocalRedisServer.start();
    await flagStore.start();
  });
  afterAll(async () => {
    await smtp.stop();
    await redis.stop();
    await flagStore.stop();
    await database.drop();
  });

  it('says which peers are not configured, and is healthy without them', async () => {
    expect(
      await healthWith({ DATABASE_URL: undefined, APP_CONFIG_CONNECTION_STRING: undefined, SMTP_HOST: undefined, REDIS_URL: undefined }),
    ).toEqual({
      status: 'healthy',
      message:
        'Portfolio Content Service is running; database not configured, configuration store not configured, mail server not configured, Redis not configured',
    });
  });

  it('is healthy when the database, the configuration store, the mail server and Redis all answer', async () => {
    const env = {
      DATABASE_URL: database.url,
      APP_CONFIG_CONNECTION_STRING: flagStore.connectionString,
      REDIS_URL: redis.url,
      ...mailEnv(smtp.port),
    };
    // Each peer has a time-out of its own (Redis's commands 500 ms): on a machine busy with the other
    // suites one can be late once, so a second app asks again before the answer counts.
    let health = await healthWith(env);
    if (health.status !== 'healthy') health = await healthWith(env);
    expect(health).toEqual({
      status: 'healthy',
      message:
        'Portfolio Content Service is running; database reachable, configuration store reachable, mail server reachable, Redis reachable',
    });
  });

  it('is degraded while Redis is down, naming it', async () => {
    await redis.stop();
    try {
      expect(
        await healthWith({ DATABASE_URL: undefined, APP_CONFIG_CONNECTION_STRING: undefined, SMTP_HOST: undefined, REDIS_URL: redis.url }),
      ).toEqual({
        status: 'degraded',
        message:
          'Portfolio Content Service is running; database not configured, configuration store not configured, mail server not configured, Redis unreachable',
      });
    } finally {
      await redis.resume();
    }
  });

  it('is degraded when a configured peer does not answer, naming it but never its address', async () => {
    const mailPort = await closedPort();
    const storePort = await flagStore.stop();
    try {
      const health = await healthWith({
        DATABASE_URL: database.url,
        APP_CONFIG_CONNECTION_STRING: flagStore.connectionString,
        REDIS_URL: undefined,
        ...mailEnv(mailPort),
      });
      expect(health).toEqual({
        status: 'degraded',
        message:
          'Portfolio Content Service is running; database reachable, configuration store unreachable, mail server unreachable, Redis not configured',
      });
      expect(JSON.stringify(health)).not.toMatch(/127\.0\.0\.1|postgres:|Endpoint=|\d{4,5}/);
    } finally {
      await flagStore.start(storePort);
    }
  });

  it('leaves /health a constant liveness answer', async () => {
    const testApp = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(await closedPort()) } });
    try {
      expect((await request(testApp.server).get('/health').expect(200)).body).toEqual({
        status: 'healthy',
        message: 'Portfolio Content Service is running',
      });
    } finally {
      await testApp.close();
    }
  });
});
