import { registerAs } from '@nestjs/config';
import { IsIn, IsString, MaxLength, MinLength, Matches, ValidateIf } from 'class-validator';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

const STORAGES = ['database', 'azure-blob'] as const;

class MediaEnvironment {
  @EnvInteger(0, 4 * 1024 * 1024 * 1024)
  readonly MEDIA_CACHE_MAX_BYTES: number = 64 * 1024 * 1024;

  /** The most an upload may take, its wait for a turn included. */
  @EnvInteger(1_000, 120_000)
  readonly MEDIA_PROCESS_TIMEOUT_MS: number = 20_000;

  /** Where the pictures' bytes are kept: in PostgreSQL with their rows, or in Azure Blob Storage. */
  @IsIn(STORAGES, { message: `MEDIA_STORAGE must be one of ${STORAGES.join(', ')}` })
  readonly MEDIA_STORAGE: (typeof STORAGES)[number] = 'database';

  @ValidateIf((env: MediaEnvironment) => env.MEDIA_STORAGE === 'azure-blob')
  @IsString({ message: 'AZURE_STORAGE_CONNECTION_STRING is required with MEDIA_STORAGE=azure-blob' })
  @MinLength(1, { message: 'AZURE_STORAGE_CONNECTION_STRING is required with MEDIA_STORAGE=azure-blob' })
  readonly AZURE_STORAGE_CONNECTION_STRING?: string;

  /** Azure's container naming rule: 3 to 63 lowercase letters, digits and single hyphens. */
  @MinLength(3, { message: 'MEDIA_CONTAINER must be 3 to 63 characters' })
  @MaxLength(63, { message: 'MEDIA_CONTAINER must be 3 to 63 characters' })
  @Matches(/^[a-z0-9](?:-?[a-z0-9])*$/, { message: 'MEDIA_CONTAINER must be lowercase letters, digits and single hyphens' })
  readonly MEDIA_CONTAINER: string = 'media';
}

export interface MediaConfig {
  /** How many bytes of served pictures an instance keeps in memory, the least recently served going first. */
  cacheMaxBytes: number;
  /** The most an upload may take, its wait for a turn included: past it in the queue 503, in the encoder 422. */
  processTimeoutMs: number;
  /** Set when the pictures' bytes go to Azure Blob Storage rather than into PostgreSQL. */
  azureBlob: { connectionString: string; container: string } | undefined;
}

export const mediaConfig = registerAs('media', (): MediaConfig => {
  const env = validateConfig(process.env, MediaEnvironment);
  return {
    cacheMaxBytes: env.MEDIA_CACHE_MAX_BYTES,
    processTimeoutMs: env.MEDIA_PROCESS_TIMEOUT_MS,
    azureBlob:
      env.MEDIA_STORAGE === 'azure-blob'
        ? { connectionString: env.AZURE_STORAGE_CONNECTION_STRING!, container: env.MEDIA_CONTAINER }
        : undefined,
  };
});
