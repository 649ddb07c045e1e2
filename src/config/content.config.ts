import { registerAs } from '@nestjs/config';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

class ContentEnvironment {
  @IsIn(['demo', 'none'], { message: 'CONTENT_SEED must be demo or none' })
  readonly CONTENT_SEED: 'demo' | 'none' = 'demo';

  /** A content document (JSON) to serve without a database, or to seed an empty one from. */
  @IsOptional()
  @IsString()
  readonly CONTENT_FILE?: string;

  @EnvInteger(1, 100_000)
  readonly CONTENT_HISTORY_LIMIT: number = 200;
}

export interface ContentConfig {
  /** What an empty database is filled with at start-up: the served document (`demo`), or nothing. */
  seed: 'demo' | 'none';
  /** Path of the owner's content document; unset: the built-in data set. */
  file: string | undefined;
  /** How many content revisions are kept: the oldest beyond it are forgotten. */
  historyLimit: number;
}

export const contentConfig = registerAs('content', (): ContentConfig => {
  const env = validateConfig(process.env, ContentEnvironment);
  return { seed: env.CONTENT_SEED, file: env.CONTENT_FILE, historyLimit: env.CONTENT_HISTORY_LIMIT };
});
