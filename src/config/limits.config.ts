import { registerAs } from '@nestjs/config';
import { EnvBoolean, EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

class LimitsEnvironment {
  /** Off only for benchmarks, which measure the service rather than the limiter. */
  @EnvBoolean()
  readonly RATE_LIMIT_ENABLED: boolean = true;

  /** The most bytes of prepared answers an instance keeps (64 MiB); the least recently used go first. */
  @EnvInteger(0, Number.MAX_SAFE_INTEGER)
  readonly READ_MODEL_MAX_BYTES: number = 64 * 1024 * 1024;
}

export interface LimitsConfig {
  rateLimitEnabled: boolean;
  readModelMaxBytes: number;
}

export const limitsConfig = registerAs('limits', (): LimitsConfig => {
  const env = validateConfig(process.env, LimitsEnvironment);
  return { rateLimitEnabled: env.RATE_LIMIT_ENABLED, readModelMaxBytes: env.READ_MODEL_MAX_BYTES };
});
