import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type Reachability, reachabilityOf } from '@/common/reachability';
import { databaseConfig } from '@/config/database.config';

/** Whether a database is configured, and whether it answers. */
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
}
