import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { storageFor } from '@/database/storage-for';
import { ContentAttribution } from './content-attribution';
import { ContentAttributionSubscriber } from './content-attribution.subscriber';
import { ContentDomainStores } from './content-domain-stores';
import { ContentTransactions, DocumentTransactions, PostgresTransactions } from './content-transactions';

/**
 * What every content domain's storage shares: transactions across its collections, who their writes
 * are by, and the stores of all of them for what works on the whole.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    ContentAttribution,
    ContentDomainStores,
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
  exports: [ContentTransactions, ContentAttribution, ContentDomainStores],
})
export class ContentStoreModule {}
