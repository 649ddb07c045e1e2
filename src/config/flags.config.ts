import { registerAs } from '@nestjs/config';
import { EnvBoolean } from './env-decorators';
import { validateConfig } from './validate-config';

class FlagsEnvironment {
  @EnvBoolean()
  readonly FEATURE_CV_GENERATION: boolean = false;

  @EnvBoolean()
  readonly FEATURE_PORTFOLIO_CONTENT_API: boolean = false;
}

export interface FlagsConfig {
  /** What each flag is when no configuration store answers. */
  fallbacks: { cvGeneration: boolean; portfolioContentApi: boolean };
}

export const flagsConfig = registerAs('flags', (): FlagsConfig => {
  const env = validateConfig(process.env, FlagsEnvironment);
  return {
    fallbacks: { cvGeneration: env.FEATURE_CV_GENERATION, portfolioContentApi: env.FEATURE_PORTFOLIO_CONTENT_API },
  };
});
