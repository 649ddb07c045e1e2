import { Propagation, type TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { ContentDomain } from '@/content';
import type { ContentAttribution, ContentSource } from './content-attribution';
import { refuseWrite } from './document-collection';

export interface TransactionOptions {
  /** Serialises every run with the same lock name, across instances sharing the database. */
  lock?: string;
  /** What the writes are recorded as made by in the content history (the actor stays whoever is attributed); unset: whatever is attributed. */
  source?: ContentSource;
}

/**
 * Runs writes to several collections (or several domains) as one: all of them, or none. With a
 * database it is a transaction the collections' writes inside `work` join; over the served content
 * document it refuses, as every write there does (503).
 */
export abstract class ContentTransactions {
  /** False over the served content document: a caller about to do costly work first may answer 503 at once. */
  abstract readonly acceptsWrites: boolean;
  abstract run<T>(work: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `work` inside the current transaction, then undoes everything it wrote (a savepoint rolled
   * back: no change is announced or recorded), keeping what it answered.
   */
  abstract undone<T>(work: () => Promise<T>): Promise<T>;
  /** Every domain the current transaction has written so far, its savepoints' writes included (a store that cannot tell names them all). */
  abstract changedDomains(): Promise<ContentDomain[]>;
}

/** Thrown to roll a savepoint back once its work has answered. */
class Undo extends Error {}

export class PostgresTransactions extends ContentTransactions {
  readonly acceptsWrites = true;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly attribution: ContentAttribution,
  ) {
    super();
  }

  run<T>(work: () => Promise<T>, { lock, source }: TransactionOptions = {}): Promise<T> {
    const transaction = () =>
      this.txHost.withTransaction(async () => {
        if (lock) await this.txHost.tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
        return work();
      });
    return source ? this.attribution.run(source, transaction) : transaction();
  }

  async undone<T>(work: () => Promise<T>): Promise<T> {
    let answer: T | undefined;
    await this.txHost
      .withTransaction(Propagation.Nested, async () => {
        answer = await work();
        throw new Undo();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Undo)) throw error;
      });
    return answer as T;
  }

  /** What the content tables' change trigger has recorded of this transaction (migration ContentHistory). */
  async changedDomains(): Promise<ContentDomain[]> {
    const rows: { domain: ContentDomain }[] = await this.txHost.tx.query(
      'SELECT domain FROM content_changes WHERE transaction_id = pg_current_xact_id_if_assigned()::text::bigint',
    );
    return rows.map((row) => row.domain);
  }
}

export class DocumentTransactions extends ContentTransactions {
  readonly acceptsWrites = false;
  readonly run = refuseWrite;
  readonly undone = refuseWrite;
  readonly changedDomains = refuseWrite;
}
