import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { contentConfig } from '@/config/content.config';
import { ServedContent } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { PortfolioService } from './portfolio.service';

/**
 * Seeds an empty database at start-up from the served content document (CONTENT_FILE, or the
 * built-in data set), after the pending migrations ran, so both modes answer alike;
 * with CONTENT_SEED=none an empty database stays empty. Once any content exists it does nothing:
 * content the owner deleted never comes back. It runs before this instance listens for content
 * changes (at bootstrap), so its own seeding is no news to it. Either way, the log says what
 * content the instance starts with.
 */
@Injectable()
export class ContentSeeder implements OnModuleInit {
  private readonly logger = new Logger(ContentSeeder.name);

  constructor(
    private readonly portfolio: PortfolioService,
    private readonly served: ServedContent,
    private readonly transactions: ContentTransactions,
    @Inject(contentConfig.KEY) private readonly config: ConfigType<typeof contentConfig>,
  ) {}

  async onModuleInit(): Promise<void> {
    const { source } = this.served;
    if (!this.transactions.acceptsWrites) {
      this.logger.log({ event: 'content_served', source, detail: 'No database: the content document is served read-only' });
    } else if (this.config.seed === 'none') {
      this.logger.log({ event: 'content_not_seeded', detail: 'CONTENT_SEED is none' });
    } else if (await this.portfolio.seedIfEmpty(this.served.document)) {
      this.logger.log({ event: 'content_seeded', source });
    } else {
      this.logger.log({ event: 'content_not_seeded', detail: 'The database already holds content' });
    }
  }
}
