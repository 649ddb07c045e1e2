import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ServedContent } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { PortfolioService } from './portfolio.service';

/**
 * Seeds an empty database at start-up from the served content document, after TypeORM has run
 * the pending migrations (while the data source was made), so both modes answer alike. Once any
 * content exists it does nothing: content the owner deleted never comes back. It runs before this
 * instance listens for content changes (at bootstrap), so its own seeding is no news to it.
 */
@Injectable()
export class ContentSeeder implements OnModuleInit {
  private readonly logger = new Logger(ContentSeeder.name);

  constructor(
    private readonly portfolio: PortfolioService,
    private readonly served: ServedContent,
    private readonly transactions: ContentTransactions,
  ) {}

  async onModuleInit(): Promise<void> {
    // Without a database the served document is the content itself.
    if (!this.transactions.acceptsWrites) return;
    if (await this.portfolio.seedIfEmpty(this.served.document)) {
      this.logger.log({ event: 'content_seeded', source: 'built-in data set' });
    }
  }
}
