import { registerAs } from '@nestjs/config';
import { IsOptional, Matches } from 'class-validator';
import { validateConfig } from './validate-config';

class RedisEnvironment {
  @IsOptional()
  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
  readonly REDIS_URL?: string;
}

export interface RedisConfig {
  /** Shared rate-limit counts and explorer tokens for several instances; unset keeps both in memory. */
  url: string | undefined;
}

export const redisConfig = registerAs('redis', (): RedisConfig => {
  const env = validateConfig(process.env, RedisEnvironment);
  return { url: env.REDIS_URL };
});
