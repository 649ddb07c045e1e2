import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig } from '@/config/app.config';
import { flagsConfig } from '@/config/flags.config';
import { FeatureFlagStore, FlagStoreUnavailable } from './feature-flag-store';
import { type FeatureFlagName, FeatureFlags, type FeatureFlagsState } from './feature-flags';
import { type Reachability, reachabilityOf } from '@/common/reachability';

const FLAG_NAMES: FeatureFlagName[] = ['cvGeneration', 'portfolioContentApi'];

/**
 * The flags from Azure App Configuration, cached per instance for FLAG_CACHE_TTL_MS. Concurrent
 * misses share one refresh. Without a store, or while it cannot be reached, a flag is what
 * FEATURE_CV_GENERATION / FEATURE_PORTFOLIO_CONTENT_API say.
 */
@Injectable()
export class FeatureFlagsService extends FeatureFlags {
  private readonly logger = new Logger(FeatureFlagsService.name);
  private readonly store: FeatureFlagStore | undefined;
  private cached: { state: FeatureFlagsState; expiresAt: number } | undefined;
  private refreshing: Promise<FeatureFlagsState> | undefined;

  constructor(
    @Inject(flagsConfig.KEY) private readonly config: ConfigType<typeof flagsConfig>,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
  ) {
    super();
    this.store = config.connectionString ? new FeatureFlagStore(config.connectionString, app.environment) : undefined;
  }

  storeReachability(): Promise<Reachability> {
    const store = this.store;
    if (!store) return Promise.resolve('not configured');
    return reachabilityOf(() => store.read('cvGeneration'));
  }

  current(): Promise<FeatureFlagsState> {
    if (this.cached && Date.now() < this.cached.expiresAt) return Promise.resolve({ ...this.cached.state });
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** Writes the given flags to the store; the cache holds the new state at once. */
  async update(changes: Partial<FeatureFlagsState>): Promise<FeatureFlagsState> {
    const changed = FLAG_NAMES.filter((flag) => changes[flag] !== undefined);
    if (changed.length === 0) throw new BadRequestException({ detail: 'No flags provided' });
    const store = this.store;
    if (!store) throw new ServiceUnavailableException({ detail: 'No configuration store is configured' });
    try {
      for (const flag of changed) await store.write(flag, changes[flag]!);
    } catch (error) {
      if (!(error instanceof FlagStoreUnavailable)) throw error;
      this.logger.error({ event: 'flag_store_unavailable', operation: 'write', reason: error.message });
      throw new ServiceUnavailableException({ detail: 'The configuration store is unavailable; try again shortly' });
    }
    const state = { ...(await this.current()), ...changes };
    this.remember(state);
    return state;
  }

  private async refresh(): Promise<FeatureFlagsState> {
    const { fallbacks } = this.config;
    const state = { ...fallbacks };
    if (this.store) {
      const store = this.store;
      try {
        const values = await Promise.all(FLAG_NAMES.map((flag) => store.read(flag)));
        FLAG_NAMES.forEach((flag, i) => (state[flag] = values[i] ?? fallbacks[flag]));
      } catch (error) {
        if (!(error instanceof FlagStoreUnavailable)) throw error;
        this.logger.warn({ event: 'flag_store_unavailable', operation: 'read', reason: error.message });
      }
    }
    this.remember(state);
    return { ...state };
  }

  private remember(state: FeatureFlagsState): void {
    this.cached = { state: { ...state }, expiresAt: Date.now() + this.config.cacheTtlMs };
  }
}
