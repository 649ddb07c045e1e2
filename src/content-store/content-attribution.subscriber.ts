import { Injectable } from '@nestjs/common';
import { DataSource, type EntitySubscriberInterface, type TransactionStartEvent } from 'typeorm';
import { ContentAttribution } from './content-attribution';

/**
 * Tells the database who makes the changes of a transaction the service starts: transaction-local
 * settings (`portfolio.source`, `portfolio.actor`) that the content tables' change trigger reads
 * (migration ContentHistory). They end with the transaction, so a pooled connection never carries
 * them into the next one.
 */
@Injectable()
export class ContentAttributionSubscriber implements EntitySubscriberInterface {
  constructor(
    dataSource: DataSource,
    private readonly attribution: ContentAttribution,
  ) {
    dataSource.subscribers.push(this);
  }

  async afterTransactionStart({ queryRunner }: TransactionStartEvent): Promise<void> {
    const attribution = this.attribution.current();
    if (!attribution) return;
    await queryRunner.query(`SELECT set_config('portfolio.source', $1, true), set_config('portfolio.actor', $2, true)`, [
      attribution.source,
      attribution.actor ?? '',
    ]);
  }
}
