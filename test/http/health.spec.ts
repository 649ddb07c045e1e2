import request from 'supertest';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { LocalAppConfiguration } from '@test/support/local-app-configuration';
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
  const flagStore = new LocalAppConfiguration();

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await LocalSmtpServer.start();
    await flagStore.start();
  });
  afterAll(async () => {
    await smtp.stop();
    await flagStore.stop();
    await database.drop();
  });

  it('says which peers are not configured, and is healthy without them', async () => {
    expect(await healthWith({ DATABASE_URL: undefined, APP_CONFIG_CONNECTION_STRING: undefined, SMTP_HOST: undefined })).toEqual({
      status: 'healthy',
      message:
        'Portfolio Content Service is running; database not configured, configuration store not configured, mail server not configured',
    });
  });

  it('is healthy when the database, the configuration store and the mail server all answer', async () => {
    const health = await healthWith({
      DATABASE_URL: database.url,
      APP_CONFIG_CONNECTION_STRING: flagStore.connectionString,
      ...mailEnv(smtp.port),
    });
    expect(health).toEqual({
      status: 'healthy',
      message: 'Portfolio Content Service is running; database reachable, configuration store reachable, mail server reachable',
    });
  });

  it('is degraded when a configured peer does not answer, naming it but never its address', async () => {
    const mailPort = await closedPort();
    const storePort = await flagStore.stop();
    try {
      const health = await healthWith({
        DATABASE_URL: database.url,
        APP_CONFIG_CONNECTION_STRING: flagStore.connectionString,
        ...mailEnv(mailPort),
      });
      expect(health).toEqual({
        status: 'degraded',
        message: 'Portfolio Content Service is running; database reachable, configuration store unreachable, mail server unreachable',
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
