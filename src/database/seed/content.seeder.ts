import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ContentChanges } from '@/read-model/content-changes.service';
import { CONTENT_DOMAINS } from '@/read-model/read-model.service';
import { DatabaseStatus } from '../database-status';
import { seedBuiltInContent } from './content.seed';

/** Seeds an empty database at start-up, after TypeORM has run the pending migrations. */
@Injectable()
export class ContentSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(ContentSeeder.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly database: DatabaseStatus,
    private readonly changes: ContentChanges,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.database.isConfigured) return;
    if (await seedBuiltInContent(this.dataSource)) {
      this.logger.log({ event: 'content_seeded', source: 'built-in data set' });
      // Instances already serving prepared their views from the empty database.
      await Promise.all(CONTENT_DOMAINS.map((domain) => this.changes.changed(domain)));
    }
  }
}
