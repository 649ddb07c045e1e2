import { registerAs } from '@nestjs/config';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

class MediaEnvironment {
  @EnvInteger(0, 4 * 1024 * 1024 * 1024)
  readonly MEDIA_CACHE_MAX_BYTES: number = 64 * 1024 * 1024;
}

export interface MediaConfig {
  /** How many bytes of served pictures an instance keeps in memory, the least recently served going first. */
  cacheMaxBytes: number;
}

export const mediaConfig = registerAs('media', (): MediaConfig => {
  const env = validateConfig(process.env, MediaEnvironment);
  return { cacheMaxBytes: env.MEDIA_CACHE_MAX_BYTES };
});
