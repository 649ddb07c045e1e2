import { registerAs } from '@nestjs/config';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

/** The largest archive the service takes by default: 1 GB; and the most that may be set. */
const DEFAULT_ARCHIVE_MAX_BYTES = 1024 * 1024 * 1024;
export const MOST_ARCHIVE_MAX_BYTES = 16 * DEFAULT_ARCHIVE_MAX_BYTES;

class ArchiveEnvironment {
  /** The most bytes of an archive PUT /api/admin/archive reads, and the most it unpacks to. */
  @EnvInteger(1024 * 1024, MOST_ARCHIVE_MAX_BYTES)
  readonly ARCHIVE_MAX_BYTES: number = DEFAULT_ARCHIVE_MAX_BYTES;
}

export interface ArchiveConfig {
  maxBytes: number;
}

export const archiveConfig = registerAs('archive', (): ArchiveConfig => {
  const env = validateConfig(process.env, ArchiveEnvironment);
  return { maxBytes: env.ARCHIVE_MAX_BYTES };
});
