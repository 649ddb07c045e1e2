import { Global, Module } from '@nestjs/common';
import { contentStorage } from './content-storage';
import { ContentTransactions, DocumentTransactions, PostgresTransactions } from './content-transactions';

/** What every content domain's storage shares: transactions across its collections. */
@Global()
@Module({
  providers: [
    contentStorage(ContentTransactions, {
      postgres: (txHost) => new PostgresTransactions(txHost),
      document: () => new DocumentTransactions(),
    }),
  ],
  exports: [ContentTransactions],
})
export class ContentStoreModule {}
