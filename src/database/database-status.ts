import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type Reachability, reachabilityOf } from '@/common/reachability';
import { storageFor } from './storage-for';

/** Whether the database answers, for the health report. */
export abstract class DatabaseStatus {
  abstract reachability(): Promise<Reachability>;
}

class PostgresStatus extends DatabaseStatus {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  reachability(): Promise<Reachability> {
    return reachabilityOf(() => this.txHost.tx.query('SELECT 1'));
  }
}

class NoDatabase extends DatabaseStatus {
  async reachability(): Promise<Reachability> {
    return 'not configured';
  }
}

export const databaseStatus = storageFor(DatabaseStatus, {
  postgres: async () => (txHost) => new PostgresStatus(txHost),
  none: () => new NoDatabase(),
});
