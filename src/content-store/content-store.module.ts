import { Global, Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { ContentAttribution } from './content-attribution';
import { ContentAttributionSubscriber } from './content-attribution.subscriber';
import { ContentTransactions, DocumentTransactions, PostgresTransactions } from './content-transactions';

/** What every content domain's storage shares: transactions across its collections, who their writes are by, and their turn beside a replace. */
@Global()
@Module({
  providers: [
    ContentAttribution,
    ContentAttributionSubscriber,
    storageFor<ContentTransactions, [ContentAttribution]>(
      ContentTransactions,
      {
        postgres: async () => (txHost, attribution) => new PostgresTransactions(txHost, attribution),
        none: () => new DocumentTransactions(),
      },
      [ContentAttribution],
    ),
  ],
  exports: [ContentTransactions, ContentAttribution],
})
export class ContentStoreModule {}
