import { registerAs } from '@nestjs/config';
import { EnvBoolean } from './env-decorators';
import { validateConfig } from './validate-config';

class LimitsEnvironment {
  /** Off only for benchmarks, which measure the service rather than the limiter. */
  @EnvBoolean()
  readonly RATE_LIMIT_ENABLED: boolean = true;
}

export interface LimitsConfig {
  rateLimitEnabled: boolean;
}

export const limitsConfig = registerAs('limits', (): LimitsConfig => {
  const env = validateConfig(process.env, LimitsEnvironment);
  return { rateLimitEnabled: env.RATE_LIMIT_ENABLED };
});
