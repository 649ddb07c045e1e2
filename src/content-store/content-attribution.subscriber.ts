import { Inject, Injectable } from '@nestjs/common';
import type { DataSource, EntitySubscriberInterface, TransactionStartEvent } from 'typeorm';
import { DATA_SOURCE } from '@/database/data-source.token';
import { ContentAttribution } from './content-attribution';
import { takeTurnToWrite } from './content-write-gate';

/**
 * Tells the database who makes the changes of a transaction the service starts: transaction-local
 * settings (`portfolio.source`, `portfolio.actor`, and the request's `portfolio.write`) that the
 * content tables' change trigger reads (migrations ContentHistory, ChangeAnnouncementsNameTheirWrite).
 * They end with the transaction, so a pooled connection never carries them into the next one. Then
 * the transaction takes its turn beside a replace (takeTurnToWrite).
 */
@Injectable()
export class ContentAttributionSubscriber implements EntitySubscriberInterface {
  constructor(
    @Inject(DATA_SOURCE) dataSource: DataSource | null,
    private readonly attribution: ContentAttribution,
  ) {
    dataSource?.subscribers.push(this);
  }

  async afterTransactionStart({ queryRunner }: TransactionStartEvent): Promise<void> {
    const attribution = this.attribution.current();
    if (!attribution) return;
    await queryRunner.query(
      `SELECT set_config('portfolio.source', $1, true), set_config('portfolio.actor', $2, true), set_config('portfolio.write', $3, true)`,
      [attribution.source, attribution.actor ?? '', attribution.write ?? ''],
    );
    await takeTurnToWrite(queryRunner, attribution.source);
  }
}
