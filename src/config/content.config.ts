import { registerAs } from '@nestjs/config';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { validateConfig } from './validate-config';

class ContentEnvironment {
  @IsIn(['demo', 'none'], { message: 'CONTENT_SEED must be demo or none' })
  readonly CONTENT_SEED: 'demo' | 'none' = 'demo';

  /** A content document (JSON) to serve without a database, or to seed an empty one from. */
  @IsOptional()
  @IsString()
  readonly CONTENT_FILE?: string;
}

export interface ContentConfig {
  /** What an empty database is filled with at start-up: the served document (`demo`), or nothing. */
  seed: 'demo' | 'none';
  /** Path of the owner's content document; unset: the built-in data set. */
  file: string | undefined;
}

export const contentConfig = registerAs('content', (): ContentConfig => {
  const env = validateConfig(process.env, ContentEnvironment);
  return { seed: env.CONTENT_SEED, file: env.CONTENT_FILE };
});
