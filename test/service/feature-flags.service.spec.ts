import { BadRequestException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { appConfig } from '@/config/app.config';
import { flagsConfig } from '@/config/flags.config';
import { FeatureFlagsService } from '@/flags/feature-flags.service';
import { LocalAppConfiguration } from '@test/support/local-app-configuration';
import { applyEnv } from '@test/support/test-app';

const FF = 'application/vnd.microsoft.appconfig.ff+json;charset=utf-8';

/** The two flags on Azure App Configuration (the SDK against a local server speaking its REST API), and their fallbacks. */
describe('FeatureFlagsService', () => {
  const store = new LocalAppConfiguration();

  beforeAll(() => {
    Logger.overrideLogger(false); // the store's outages are logged; the HTTP tier reads those lines
    return store.start();
  });
  afterAll(() => store.stop());
  beforeEach(() => store.reset());

  /** The service as the app makes it, from this environment. */
  const flagsWith = (env: Record<string, string> = {}): FeatureFlagsService => {
    const restore = applyEnv({
      APP_CONFIG_CONNECTION_STRING: store.connectionString,
      APP_ENV: 'dev',
      FLAG_CACHE_TTL_MS: '60000',
      FEATURE_CV_GENERATION: 'false',
      FEATURE_PORTFOLIO_CONTENT_API: 'false',
      ...env,
    });
    try {
      return new FeatureFlagsService(flagsConfig(), appConfig());
    } finally {
      restore();
    }
  };

  it('reads both flags under the APP_ENV label, with the fallback for a flag the store lacks', async () => {
    store.setFlag('cv-generation', 'dev', true);
    store.setFlag('portfolio-content-api', 'prod', true);
    expect(await flagsWith().current()).toEqual({ cvGeneration: true, portfolioContentApi: false });
    expect(store.rejectedSignatures).toEqual([]);
  });

  it('asks the store once per flag for any number of reads within the TTL, concurrent ones included', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const flags = flagsWith();
    await Promise.all(Array.from({ length: 10 }, () => flags.current()));
    await flags.current();
    expect(await flags.isEnabled('cvGeneration')).toBe(true);
    expect(store.requests).toEqual([
      { method: 'GET', key: '.appconfig.featureflag/cv-generation' },
      { method: 'GET', key: '.appconfig.featureflag/portfolio-content-api' },
    ]);
  });

  it('reads the store again once the TTL has passed', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const flags = flagsWith({ FLAG_CACHE_TTL_MS: '200' });
    expect(await flags.current()).toMatchObject({ cvGeneration: true });
    store.setFlag('cv-generation', 'dev', false);
    expect(await flags.current()).toMatchObject({ cvGeneration: true });
    await vi.waitFor(async () => expect(await flags.current()).toMatchObject({ cvGeneration: false }), { timeout: 5_000 });
  });

  it('writes a change to the store, creating a missing flag, and reads it back at once', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const flags = flagsWith();
    expect(await flags.current()).toEqual({ cvGeneration: true, portfolioContentApi: false });
    expect(await flags.update({ portfolioContentApi: true })).toEqual({ cvGeneration: true, portfolioContentApi: true });
    expect(store.flag('portfolio-content-api', 'dev')).toBe(true);
    expect(await flags.current()).toEqual({ cvGeneration: true, portfolioContentApi: true });
    expect(await flags.update({ cvGeneration: false, portfolioContentApi: false })).toEqual({
      cvGeneration: false,
      portfolioContentApi: false,
    });
    expect(store.flag('cv-generation', 'dev')).toBe(false);
    expect(store.rejectedSignatures).toEqual([]);
  });

  it('stores a flag as a feature flag the SDK and the portal recognise', async () => {
    await flagsWith().update({ cvGeneration: true });
    const stored = store.setting('.appconfig.featureflag/cv-generation', 'dev');
    expect(stored?.content_type).toBe(FF);
    expect(JSON.parse(stored!.value)).toMatchObject({ id: 'cv-generation', enabled: true, conditions: { client_filters: [] } });
  });

  it.each<[string, object]>([
    ['no flag', {}],
    ['only unknown fields', { darkMode: true }],
  ])('refuses a change naming %s with 400, writing nothing', async (_, changes) => {
    await expect(flagsWith().update(changes)).rejects.toThrow(new BadRequestException({ detail: 'No flags provided' }));
    expect(store.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('falls back to the environment at once while the store is down, and refuses a change with 503', async () => {
    const port = await store.stop();
    try {
      const flags = flagsWith({ FEATURE_CV_GENERATION: 'true' });
      const startedAt = Date.now();
      expect(await flags.current()).toEqual({ cvGeneration: true, portfolioContentApi: false });
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      await expect(flags.update({ cvGeneration: false })).rejects.toThrow(
        new ServiceUnavailableException({ detail: 'The configuration store is unavailable; try again shortly' }),
      );
    } finally {
      await store.start(port);
    }
  });

  it('is refused by the store with a wrong secret: reads fall back, a change is 503 and writes nothing', async () => {
    store.setFlag('cv-generation', 'dev', true);
    const flags = flagsWith({ APP_CONFIG_CONNECTION_STRING: store.forgedConnectionString });
    expect(await flags.current()).toEqual({ cvGeneration: false, portfolioContentApi: false });
    await expect(flags.update({ cvGeneration: false })).rejects.toBeInstanceOf(ServiceUnavailableException);
    expect(store.rejectedSignatures.length).toBeGreaterThan(0);
    expect(store.flag('cv-generation', 'dev')).toBe(true);
  });

  it('has no store client without APP_CONFIG_CONNECTION_STRING: the fallbacks, and 503 on a change', async () => {
    const flags = flagsWith({ APP_CONFIG_CONNECTION_STRING: '', FEATURE_PORTFOLIO_CONTENT_API: 'true' });
    expect(await flags.current()).toEqual({ cvGeneration: false, portfolioContentApi: true });
    await expect(flags.update({ cvGeneration: true })).rejects.toThrow(
      new ServiceUnavailableException({ detail: 'No configuration store is configured' }),
    );
    expect(store.requests).toEqual([]);
  });
});
