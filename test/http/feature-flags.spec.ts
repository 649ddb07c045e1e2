import request from 'supertest';
import { ADMIN_TOKEN } from '@test/support/admin';
import { LocalAppConfiguration } from '@test/support/local-app-configuration';
import { createTestApp, type TestApp } from '@test/support/test-app';

const FF = 'application/vnd.microsoft.appconfig.ff+json;charset=utf-8';

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

  it('reads both flags under the APP_ENV label, with the fallback for a flag the store lacks', async () => {
    store.setFlag('cv-generation', 'dev', true);
    store.setFlag('portfolio-content-api', 'prod', true);
    const testApp = await appWith();
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: true, portfolioContentApi: false });
    expect(store.rejectedSignatures).toEqual([]);
  });

  it('lets the CV status and generate endpoints follow the cvGeneration flag', async () => {
    store.setFlag('cv-generation', 'dev', false);
    const testApp = await appWith({ FEATURE_CV_GENERATION: 'true' });
    expect((await request(testApp.server).get('/api/cv/status').expect(200)).body).toEqual({ enabled: false });
    await request(testApp.server).patch('/api/cv/generate').expect(404);
  });

  it('asks the store once per flag for any number of reads within the TTL, concurrent ones included', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const testApp = await appWith();
    await Promise.all(Array.from({ length: 10 }, () => flagsOf(testApp)));
    await flagsOf(testApp);
    await request(testApp.server).get('/api/cv/status').expect(200);
    expect(store.requests).toEqual([
      { method: 'GET', key: '.appconfig.featureflag/cv-generation' },
      { method: 'GET', key: '.appconfig.featureflag/portfolio-content-api' },
    ]);
  });

  it('reads the store again once the TTL has passed', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const testApp = await appWith({ FLAG_CACHE_TTL_MS: '200' });
    expect(await flagsOf(testApp)).toMatchObject({ cvGeneration: true });
    store.setFlag('cv-generation', 'dev', false);
    expect(await flagsOf(testApp)).toMatchObject({ cvGeneration: true });
    await vi.waitFor(async () => expect(await flagsOf(testApp)).toMatchObject({ cvGeneration: false }), { timeout: 5_000 });
  });

  it('writes a PATCH to the store, creating a missing flag, and shows it on the next read at once', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const testApp = await appWith();
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: true, portfolioContentApi: false });

    const response = await patch(testApp, { portfolioContentApi: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ cvGeneration: true, portfolioContentApi: true });
    expect(store.flag('portfolio-content-api', 'dev')).toBe(true);
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: true, portfolioContentApi: true });

    expect((await patch(testApp, { cvGeneration: false, portfolioContentApi: false })).body).toEqual({
      cvGeneration: false,
      portfolioContentApi: false,
    });
    expect(store.flag('cv-generation', 'dev')).toBe(false);
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: false, portfolioContentApi: false });
    expect(store.rejectedSignatures).toEqual([]);
  });

  it('stores a flag as a feature flag the SDK and the portal recognise', async () => {
    const testApp = await appWith();
    await patch(testApp, { cvGeneration: true }).expect(200);
    const stored = store.setting('.appconfig.featureflag/cv-generation', 'dev');
    expect(stored?.content_type).toBe(FF);
    expect(JSON.parse(stored!.value)).toMatchObject({ id: 'cv-generation', enabled: true, conditions: { client_filters: [] } });
  });

  it.each([
    ['an empty body', {}, 400, { detail: 'No flags provided' }],
    ['only unknown fields', { darkMode: true }, 400, { detail: 'No flags provided' }],
    ['a string', { cvGeneration: 'true' }, 422, undefined],
    ['a number', { portfolioContentApi: 1 }, 422, undefined],
    ['null', { cvGeneration: null }, 422, undefined],
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

  it('falls back to the environment while the store is down, and answers a PATCH with 503', async () => {
    const port = await store.stop();
    try {
      const testApp = await appWith({ FEATURE_CV_GENERATION: 'true' });
      const startedAt = Date.now();
      expect(await flagsOf(testApp)).toEqual({ cvGeneration: true, portfolioContentApi: false });
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      const response = await patch(testApp, { cvGeneration: false });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ detail: 'The configuration store is unavailable; try again shortly' });
    } finally {
      await store.start(port);
    }
  });

  it('is refused by the store with a wrong secret: reads fall back, a PATCH is 503', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const testApp = await appWith({ APP_CONFIG_CONNECTION_STRING: store.forgedConnectionString });
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: false, portfolioContentApi: false });
    expect((await patch(testApp, { cvGeneration: false })).status).toBe(503);
    expect(store.rejectedSignatures.length).toBeGreaterThan(0);
    expect(store.flag('cv-generation', 'dev')).toBe(true);
  });

  it('has no store client without APP_CONFIG_CONNECTION_STRING: fallbacks, and 503 on PATCH', async () => {
    const testApp = await appWith({ APP_CONFIG_CONNECTION_STRING: '', FEATURE_PORTFOLIO_CONTENT_API: 'true' });
    expect(await flagsOf(testApp)).toEqual({ cvGeneration: false, portfolioContentApi: true });
    const response = await patch(testApp, { cvGeneration: true });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ detail: 'No configuration store is configured' });
    expect(store.requests).toEqual([]);
  });

  it('never rate-limits the read', async () => {
    const testApp = await appWith({ RATE_LIMIT_ENABLED: 'true' });
    for (let i = 0; i < 80; i += 1) await request(testApp.server).get('/api/feature-flags').expect(200);
  });
});
