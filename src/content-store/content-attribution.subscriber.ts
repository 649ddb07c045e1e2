import { Inject, Injectable } from '@nestjs/common';
import type {
  DataSource,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';
import { DATA_SOURCE } from '@/database/data-source.token';
import { ContentAttribution } from './content-attribution';
import { takeTurnToWrite, type Turn, turnOf } from './content-write-gate';

/**
 * Tells the database who makes the changes of a transaction the service starts: transaction-local
 * settings (`portfolio.source`, `portfolio.actor`, and the request's `portfolio.write`) that the
 * content tables' change trigger reads (migrations ContentHistory, ChangeAnnouncementsNameTheirWrite).
 * They end with the transaction, so a pooled connection never carries them into the next one. Then
 * the transaction takes its turn beside a replace (takeTurnToWrite), once: a savepoint inside it
 * holds the turn already, unless it replaces where the transaction only wrote beside others.
 */
@Injectable()
export class ContentAttributionSubscriber implements EntitySubscriberInterface {
  /**
   * Each open transaction's depth (1, then one more per savepoint) and the turns it took, with the
   * depth each was taken at: a savepoint rolled back lets go of what it took.
   */
  private readonly open = new WeakMap<QueryRunner, { depth: number; turns: { turn: Turn; depth: number }[] }>();

  constructor(
    @Inject(DATA_SOURCE) dataSource: DataSource | null,
    private readonly attribution: ContentAttribution,
  ) {
    dataSource?.subscribers.push(this);
  }

  async afterTransactionStart({ queryRunner }: TransactionStartEvent): Promise<void> {
    const transaction = this.open.get(queryRunner) ?? { depth: 0, turns: [] };
    transaction.depth += 1;
    this.open.set(queryRunner, transaction);
    const attribution = this.attribution.current();
    if (!attribution) return;
    await queryRunner.query(
      `SELECT set_config('portfolio.source', $1, true), set_config('portfolio.actor', $2, true), set_config('portfolio.write', $3, true)`,
      [attribution.source, attribution.actor ?? '', attribution.write ?? ''],
    );
    const needed = turnOf(attribution.source);
    const held = transaction.turns.at(-1)?.turn;
    if (held === 'alone' || held === needed) return;
    await takeTurnToWrite(queryRunner, needed);
    transaction.turns.push({ turn: needed, depth: transaction.depth });
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    this.ended(queryRunner);
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    this.ended(queryRunner);
  }

  /** A savepoint, or the transaction, ended: what it took is forgotten (kept by the transaction or not, taking it again costs nothing). */
  private ended(queryRunner: QueryRunner): void {
    const transaction = this.open.get(queryRunner);
    if (!transaction) return;
    transaction.turns = transaction.turns.filter((taken) => taken.depth < transaction.depth);
    transaction.depth -= 1;
    if (transaction.depth <= 0) this.open.delete(queryRunner);
  }
}
