// The types of the build import() loads (the package ships a CommonJS and an ES module build).
import type { AppConfigurationClient, ConfigurationSetting, FeatureFlagValue } from '@azure/app-configuration' with {
  'resolution-mode': 'import',
};
import type { FeatureFlagName } from './feature-flags';

const loadSdk = () => import('@azure/app-configuration');
type AppConfigurationSdk = Awaited<ReturnType<typeof loadSdk>>;

/** The store's names for the API's flags. */
const FLAG_IDS: Record<FeatureFlagName, string> = {
  cvGeneration: 'cv-generation',
  portfolioContentApi: 'portfolio-content-api',
};

/** A dead store must not hold a request: one try, and not for long. */
const STORE_TIMEOUT_MS = 1_500;

/** The store did not answer, or answered with an error other than "no such flag". */
export class FlagStoreUnavailable extends Error {}

/**
 * The two flags as Azure App Configuration feature flags (`.appconfig.featureflag/<id>`) under
 * one label, through the official SDK, which is loaded with the first request to the store (it
 * costs a process ~23 MB and ~130 ms: BENCHMARKS.md).
 */
export class FeatureFlagStore {
  private connection: Promise<{ sdk: AppConfigurationSdk; client: AppConfigurationClient }> | undefined;

  constructor(
    private readonly connectionString: string,
    private readonly label: string,
  ) {}

  private connected(): Promise<{ sdk: AppConfigurationSdk; client: AppConfigurationClient }> {
    this.connection ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.AppConfigurationClient(this.connectionString, {
        // Only local test stores speak plain HTTP; production endpoints are https.
        allowInsecureConnection: this.connectionString.startsWith('Endpoint=http://'),
        retryOptions: { maxRetries: 0 },
      }),
    }));
    return this.connection;
  }

  /** The flag's state, or undefined when the store has no such flag. */
  async read(flag: FeatureFlagName): Promise<boolean | undefined> {
    return (await this.fetch(flag))?.value.enabled;
  }

  /** Sets `enabled`, keeping whatever else the flag holds; creates the flag when missing. */
  async write(flag: FeatureFlagName, enabled: boolean): Promise<void> {
    const existing = await this.fetch(flag);
    const value: FeatureFlagValue = existing
      ? { ...existing.value, enabled }
      : { id: FLAG_IDS[flag], enabled, conditions: { clientFilters: [] } };
    const { sdk, client } = await this.connected();
    await this.call(() =>
      client.setConfigurationSetting(
        { key: keyOf(sdk, flag), label: this.label, contentType: sdk.featureFlagContentType, value },
        { abortSignal: AbortSignal.timeout(STORE_TIMEOUT_MS) },
      ),
    );
  }

  private async fetch(flag: FeatureFlagName): Promise<ConfigurationSetting<FeatureFlagValue> | undefined> {
    const { sdk, client } = await this.connected();
    const setting = await this.call(() =>
      client.getConfigurationSetting({ key: keyOf(sdk, flag), label: this.label }, { abortSignal: AbortSignal.timeout(STORE_TIMEOUT_MS) }),
    );
    return setting && sdk.isFeatureFlag(setting) ? sdk.parseFeatureFlag(setting) : undefined;
  }

  /** Undefined for a 404; every other failure is FlagStoreUnavailable. */
  private async call<T>(request: () => Promise<T>): Promise<T | undefined> {
    try {
      return await request();
    } catch (error) {
      if ((error as { statusCode?: number } | null)?.statusCode === 404) return undefined;
      throw new FlagStoreUnavailable(error instanceof Error ? error.message : String(error));
    }
  }
}

const keyOf = (sdk: AppConfigurationSdk, flag: FeatureFlagName): string => `${sdk.featureFlagPrefix}${FLAG_IDS[flag]}`;
