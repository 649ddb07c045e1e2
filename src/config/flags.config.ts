import { registerAs } from '@nestjs/config';
import { IsOptional, Matches } from 'class-validator';
import { EnvBoolean, EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

class FlagsEnvironment {
  @IsOptional()
  @Matches(/^Endpoint=https?:\/\/[^;]+;Id=[^;]+;Secret=[^;]+$/, {
    message: 'APP_CONFIG_CONNECTION_STRING must look like Endpoint=https://…;Id=…;Secret=…',
  })
  readonly APP_CONFIG_CONNECTION_STRING?: string;

  @EnvInteger(0, 86_400_000)
  readonly FLAG_CACHE_TTL_MS: number = 30_000;

  @EnvBoolean()
  readonly FEATURE_CV_GENERATION: boolean = false;

  @EnvBoolean()
  readonly FEATURE_PORTFOLIO_CONTENT_API: boolean = false;
}

export interface FlagsConfig {
  /** Azure App Configuration; unset = no store client, flags come from the fallbacks. */
  connectionString: string | undefined;
  cacheTtlMs: number;
  /** What each flag is when the store is absent, unreachable or lacks the flag. */
  fallbacks: { cvGeneration: boolean; portfolioContentApi: boolean };
}

export const flagsConfig = registerAs('flags', (): FlagsConfig => {
  const env = validateConfig(process.env, FlagsEnvironment);
  return {
    connectionString: env.APP_CONFIG_CONNECTION_STRING,
    cacheTtlMs: env.FLAG_CACHE_TTL_MS,
    fallbacks: { cvGeneration: env.FEATURE_CV_GENERATION, portfolioContentApi: env.FEATURE_PORTFOLIO_CONTENT_API },
  };
});
