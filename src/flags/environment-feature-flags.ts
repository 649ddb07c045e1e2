import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { flagsConfig } from '@/config/flags.config';
import { FeatureFlags, type FeatureFlagsState } from './feature-flags';

/** The flags as FEATURE_CV_GENERATION and FEATURE_PORTFOLIO_CONTENT_API set them. */
@Injectable()
export class EnvironmentFeatureFlags extends FeatureFlags {
  constructor(@Inject(flagsConfig.KEY) private readonly config: ConfigType<typeof flagsConfig>) {
    super();
  }

  current(): Promise<FeatureFlagsState> {
    return Promise.resolve({ ...this.config.fallbacks });
  }
}
