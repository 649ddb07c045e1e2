import { Propagation, type TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
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
}

export class DocumentTransactions extends ContentTransactions {
  readonly acceptsWrites = false;
  readonly run = refuseWrite;
  readonly undone = refuseWrite;
}
