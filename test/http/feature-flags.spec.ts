import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { LocalAppConfiguration } from '@test/support/local-app-configuration';
import { createTestApp, type TestApp } from '@test/support/test-app';

describe('feature flags on Azure App Configuration', () => {
  const store = new LocalAppConfiguration();
  const apps: TestApp[] = [];

  beforeAll(() => store.start());
  afterAll(() => store.stop());
  beforeEach(() => store.reset());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  const appWith = async (env: Record<string, string> = {}) => {
    const testApp = await createTestApp({
      env: {
        APP_CONFIG_CONNECTION_STRING: store.connectionString,
        APP_ENV: 'dev',
        API_ADMIN_TOKEN: ADMIN_TOKEN,
        FLAG_CACHE_TTL_MS: '60000',
        FEATURE_CV_GENERATION: 'false',
        FEATURE_PORTFOLIO_CONTENT_API: 'false',
        RATE_LIMIT_ENABLED: 'false',
        ...env,
      },
    });
    apps.push(testApp);
    return testApp;
  };
  const flagsOf = async (testApp: TestApp) => (await request(testApp.server).get('/api/feature-flags').expect(200)).body as object;
  const patch = (testApp: TestApp, body: unknown, token: string | null = ADMIN_TOKEN) => {
    const call = request(testApp.server).patch('/api/feature-flags');
    if (token) call.set('Authorization', `Bearer ${token}`);
    return call.send(body as object);
  };

  it('lets the CV status and generate endpoints follow the cvGeneration flag', async () => {
    store.setFlag('cv-generation', 'dev', false);
    const testApp = await appWith({ FEATURE_CV_GENERATION: 'true' });
    expect((await request(testApp.server).get('/api/cv/status').expect(200)).body).toEqual({ enabled: false });
    await request(testApp.server).patch('/api/cv/generate').expect(404);
  });

  // The store's rules (labels, fallbacks, the cache, outages) are the service's (test/service/feature-flags.service.spec.ts).
  it("answers a read with the store's flags, and a PATCH with the flags it wrote, which the next read shows", async () => {
    store.setFlag('cv-generation', 'dev', true);
    const testApp = await appWith();
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: true, portfolioContentApi: false });
    const response = await patch(testApp, { portfolioContentApi: true });
    expect([response.status, response.body]).toEqual([200, { cvGeneration: true, portfolioContentApi: true }]);
    expect(store.flag('portfolio-content-api', 'dev')).toBe(true);
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: true, portfolioContentApi: true });
  });

  it('answers a PATCH while the store is down with 503 and its detail', async () => {
    const port = await store.stop();
    try {
      const response = await patch(await appWith(), { cvGeneration: false });
      expect([response.status, response.body]).toEqual([503, { detail: 'The configuration store is unavailable; try again shortly' }]);
    } finally {
      await store.start(port);
    }
  });

  // Which bodies a PATCH takes is its model's (src/flags/dto/feature-flags.dto.spec.ts) and the service's.
  it.each([
    ['an empty body', {}, 400, { detail: 'No flags provided' }],
    ['a string', { cvGeneration: 'true' }, 422, undefined],
  ])('answers a PATCH with %s with %i', async (_, body, status, expected) => {
    const testApp = await appWith();
    const response = await patch(testApp, body);
    expect(response.status).toBe(status);
    if (expected) expect(response.body).toEqual(expected);
    expect(store.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('answers a PATCH without a credential with 401 and with a guest token with 403', async () => {
    const testApp = await appWith();
    expect((await patch(testApp, { cvGeneration: true }, null)).status).toBe(401);
    const { token } = (await request(testApp.server).get('/api/explorer-token').expect(200)).body as { token: string };
    expect((await patch(testApp, { cvGeneration: true }, token)).status).toBe(403);
  });

  it('never rate-limits the read', async () => {
    const testApp = await appWith({ RATE_LIMIT_ENABLED: 'true' });
    for (let i = 0; i < 80; i += 1) await request(testApp.server).get('/api/feature-flags').expect(200);
  });
});
