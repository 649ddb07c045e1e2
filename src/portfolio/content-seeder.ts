import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { contentConfig } from '@/config/content.config';
import { ServedContent } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { PortfolioService } from './portfolio.service';

/**
 * Seeds an empty database at start-up from the served content document (CONTENT_FILE, or the
 * built-in data set), after TypeORM has run the pending migrations, so both modes answer alike;
 * with CONTENT_SEED=none an empty database stays empty. Once any content exists it does nothing:
 * content the owner deleted never comes back. It runs before this instance listens for content
 * changes (at bootstrap), so its own seeding is no news to it.
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
    // Without a database the served document is the content itself.
    if (!this.transactions.acceptsWrites || this.config.seed === 'none') return;
    if (await this.portfolio.seedIfEmpty(this.served.document)) {
      this.logger.log({ event: 'content_seeded', source: this.served.source });
    }
  }
}
