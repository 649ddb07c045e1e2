import type { Reachability } from '@/common/reachability';

/** The two flags the frontend and the CV generator read. */
export interface FeatureFlagsState {
  cvGeneration: boolean;
  portfolioContentApi: boolean;
}

export type FeatureFlagName = keyof FeatureFlagsState;

/** Where the flags come from; consumers depend on this, not on the store behind it. */
export abstract class FeatureFlags {
  abstract current(): Promise<FeatureFlagsState>;

  /** Whether the store behind the flags answers, for the health report. */
  abstract storeReachability(): Promise<Reachability>;

  async isEnabled(flag: FeatureFlagName): Promise<boolean> {
    return (await this.current())[flag];
  }
}
