import {
  AppConfigurationClient,
  type ConfigurationSetting,
  featureFlagContentType,
  featureFlagPrefix,
  type FeatureFlagValue,
  isFeatureFlag,
  parseFeatureFlag,
} from '@azure/app-configuration';
import type { FeatureFlagName } from './feature-flags';

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
 * one label, through the official SDK.
 */
export class FeatureFlagStore {
  private readonly client: AppConfigurationClient;

  constructor(
    connectionString: string,
    private readonly label: string,
  ) {
    this.client = new AppConfigurationClient(connectionString, {
      // Only local test stores speak plain HTTP; production endpoints are https.
      allowInsecureConnection: connectionString.startsWith('Endpoint=http://'),
      retryOptions: { maxRetries: 0 },
    });
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
    await this.call(() =>
      this.client.setConfigurationSetting(
        { key: keyOf(flag), label: this.label, contentType: featureFlagContentType, value },
        { abortSignal: AbortSignal.timeout(STORE_TIMEOUT_MS) },
      ),
    );
  }

  private async fetch(flag: FeatureFlagName): Promise<ConfigurationSetting<FeatureFlagValue> | undefined> {
    const setting = await this.call(() =>
      this.client.getConfigurationSetting({ key: keyOf(flag), label: this.label }, { abortSignal: AbortSignal.timeout(STORE_TIMEOUT_MS) }),
    );
    return setting && isFeatureFlag(setting) ? parseFeatureFlag(setting) : undefined;
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

const keyOf = (flag: FeatureFlagName): string => `${featureFlagPrefix}${FLAG_IDS[flag]}`;
