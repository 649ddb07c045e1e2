import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { databaseConfig } from '@/config/database.config';
import { type Reachability, reachabilityOf } from '@/common/reachability';

/** Whether content lives in PostgreSQL, or in the built-in data set with writes unavailable. */
@Injectable()
export class DatabaseStatus {
  readonly isConfigured: boolean;

  constructor(
    @Inject(databaseConfig.KEY) config: ConfigType<typeof databaseConfig>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.isConfigured = config.url !== undefined;
  }

  reachability(): Promise<Reachability> {
    if (!this.isConfigured) return Promise.resolve('not configured');
    return reachabilityOf(() => this.dataSource.query('SELECT 1'));
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
