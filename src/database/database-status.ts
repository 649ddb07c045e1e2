import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { databaseConfig } from '@/config/database.config';

/** Whether content lives in PostgreSQL, or in the built-in data set with writes unavailable. */
@Injectable()
export class DatabaseStatus {
  readonly isConfigured: boolean;

  constructor(@Inject(databaseConfig.KEY) config: ConfigType<typeof databaseConfig>) {
    this.isConfigured = config.url !== undefined;
  }

  /** Admin writes need a database; without one they answer 503. */
  assertWritable(): void {
    if (!this.isConfigured) {
      throw new ServiceUnavailableException({
        detail: 'No database is configured: content is read-only from the built-in data set',
      });
    }
  }
}
