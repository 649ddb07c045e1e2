import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DeepPartial, EntityTarget, FindOptionsOrder, FindOptionsSelect, FindOptionsWhere, Repository } from 'typeorm';
import { In } from 'typeorm';
import { isForeignKeyViolation, isUniqueViolation } from '@/common/errors/constraint-violations';
import { backgroundSlices } from '@/common/scheduling/event-loop-turns';
import { rowHolds } from './row-holds';
import { RowVersions } from './row-versions';
import { inStatements } from './rows-per-statement';
import { holdAgainstWrites } from './write-hold';
import { type ItemChanges, type ItemTimes, KeyTaken, OrderedCollection, type PlacedItem, ReferenceMissing } from './ordered-collection';

interface Row extends ItemTimes {
  id: string;
  sortOrder: number;
}

/** PostgreSQL text cannot hold U+0000: such a key names no row, and is never sent to the database. */
const isStorable = (key: string): boolean => !key.includes('\u0000');

/**
 * A content domain's table as an OrderedCollection: `sort_order` then creation time is the display
 * order; writes that touch several rows run in one transaction (the caller's, when it runs one).
 */
export class TypeOrmCollection<E extends Row> extends OrderedCollection<E> {
  private readonly rowsByVersion: RowVersions<E>;

  constructor(
    protected readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly entity: EntityTarget<E>,
    private readonly displayOrder: FindOptionsOrder<E>,
    private readonly key: 'id' | 'slug' = 'id',
  ) {
    super();
    this.rowsByVersion = new RowVersions(displayOrder);
  }

  /** The table, in the transaction that runs now if any. */
  protected get rows(): Repository<E> {
    return this.txHost.tx.getRepository(this.entity);
  }

  /** Read-only rows, each read whole once (RowVersions). */
  findAll(): Promise<E[]> {
    return this.rowsByVersion.all(this.rows);
  }

  async findOne(key: string): Promise<E | undefined> {
    return isStorable(key) ? ((await this.rows.findOneBy(this.where(key))) ?? undefined) : undefined;
  }

  /** The order is read as keys only; then the item and its neighbours, whole. */
  async findPlaced(key: string): Promise<PlacedItem<E> | undefined> {
    if (!isStorable(key)) return undefined;
    const select = { id: true, [this.key]: true } as FindOptionsSelect<E>;
    const order = await this.rows.find({ select, order: this.displayOrder });
    const index = order.findIndex((row) => this.keyOf(row) === key);
    if (index < 0) return undefined;
    const ids = [order[index - 1]?.id, order[index].id, order[index + 1]?.id];
    const byId = new Map((await this.rows.findBy({ id: In(ids.filter(Boolean)) } as FindOptionsWhere<E>)).map((row) => [row.id, row]));
    const [previous, item, next] = ids.map((id) => (id ? byId.get(id) : undefined));
    return { item: item!, previous, next };
  }

  add(item: Omit<E, 'id'>, at: 'first' | 'last'): Promise<string> {
    return this.inTransaction(async () => {
      const sortOrder =
        at === 'first'
          ? ((await this.rows.minimum('sortOrder' as never)) ?? 1) - 1
          : ((await this.rows.maximum('sortOrder' as never)) ?? -1) + 1;
      const saved = await keyChecked(this.rows.save(this.rows.create({ ...item, sortOrder } as DeepPartial<E>)));
      return saved.id;
    });
  }

  /** Reads the row locked for the transaction, so a concurrent change of it waits and then sees this one. */
  update(key: string, changes: ItemChanges<E>): Promise<E | undefined> {
    if (!isStorable(key)) return Promise.resolve(undefined);
    return this.inTransaction(async () => {
      const row = await this.rows.findOne({ where: this.where(key), lock: { mode: 'pessimistic_write' } });
      if (!row) return undefined;
      const change = typeof changes === 'function' ? changes(row) : changes;
      return keyChecked(this.rows.save(this.rows.merge(row, change as DeepPartial<E>)));
    });
  }

  async remove(key: string): Promise<boolean> {
    if (!isStorable(key)) return false;
    const { affected } = await this.inTransaction(() => this.rows.delete(this.where(key)));
    return Boolean(affected);
  }

  /** Over rows locked for the transaction: a concurrent reorder waits, and a failing `arrange` changes nothing. */
  reorder(arrange: <R extends E>(items: R[]) => R[]): Promise<E[]> {
    return this.inTransaction(async () => {
      const reordered = arrange(await this.rows.find({ order: this.displayOrder, lock: { mode: 'pessimistic_write' } }));
      for (const [position, row] of reordered.entries()) {
        if (row.sortOrder !== position) await this.rows.update(row.id, { sortOrder: position } as never);
      }
      return reordered;
    });
  }

  /**
   * In place: the rows whose key an item names are updated, the others deleted, and new items
   * inserted; so a concurrent write to an item that is there before and after waits for this and
   * then lands, never finding it gone. A row that already holds its item, in its place, is not
   * written (rowHolds). The rows are locked as keys and places; given the `unchanged` items, that is
   * all that is read: one of those items holds its row but for its place, any other item is
   * written. Else the rows are compared whole, as findAll reads them: those read before are not
   * read again.
   */
  replaceAll(items: readonly E[], unchanged?: ReadonlySet<string>): Promise<void> {
    return this.inTransaction(async () => {
      const select = { id: true, [this.key]: true, sortOrder: true } as FindOptionsSelect<E>;
      const locked = await this.rows.find({ select, lock: { mode: 'pessimistic_write' } });
      const existing = new Map((unchanged ? locked : await this.findAll()).map((row) => [this.keyOf(row), row]));
      const kept = new Set(items.map((item) => this.keyOf(item)));
      const gone = [...existing.values()].filter((row) => !kept.has(this.keyOf(row))).map((row) => row.id);
      for (const ids of inStatements(gone)) await this.rows.delete({ id: In(ids) } as FindOptionsWhere<E>);
      const holds = (stored: E, row: E): boolean =>
        unchanged ? unchanged.has(this.keyOf(row)) && stored.sortOrder === row.sortOrder : rowHolds(this.rows, stored, row);
      const rows: E[] = [];
      const giveWay = backgroundSlices();
      for (const [sortOrder, item] of items.entries()) {
        await giveWay();
        const stored = existing.get(this.keyOf(item));
        const row = { ...item, sortOrder };
        if (!stored || !holds(stored, row)) rows.push({ ...row, id: stored?.id ?? row.id });
      }
      await this.upsertAll(rows, giveWay);
    });
  }

  /**
   * One statement at a time on the connection, each built while PostgreSQL runs the one before.
   * TypeORM builds a statement in one piece of work: the reads go between two.
   */
  private async upsertAll(rows: E[], giveWay: () => Promise<void>): Promise<void> {
    let running: Promise<unknown> = Promise.resolve();
    try {
      for (const statement of inStatements(rows)) {
        // TypeORM sends a query some promise turns after it is asked: a turn of the event loop
        // lets the one before reach PostgreSQL before this one is built.
        await nextTurn();
        await giveWay();
        const [sql, parameters] = this.upsertQuery(statement);
        await running;
        running = this.rows.query(sql, parameters);
        // Its failure is met before the next statement is sent, or below: never unhandled meanwhile.
        running.catch(() => undefined);
      }
    } finally {
      await running;
    }
  }

  /**
   * Repository.upsert on `id`, without reading back what the database generated: Repository.upsert
   * asks for it (RETURNING) and copies it onto the rows, which an import of thousands throws away.
   * The same columns are set as it would: each that a row gives, but those the database generates.
   * No entity listens to inserts (no subscriber or listener method), so none is told of these.
   */
  private upsertQuery(rows: E[]): [string, unknown[]] {
    const given = this.rows.metadata.columns.filter(
      (column) => column.isUpdate && !column.generatedType && rows.some((row) => column.getEntityValue(row) !== undefined),
    );
    return this.rows
      .createQueryBuilder()
      .insert()
      .values(rows as never)
      .orUpdate(
        given.map((column) => column.databaseName),
        ['id'],
      )
      .getQueryAndParameters();
  }

  count(): Promise<number> {
    return this.rows.count();
  }

  holdAgainstWrites(): Promise<void> {
    return holdAgainstWrites(this.rows);
  }

  async timesOf(): Promise<Map<string, ItemTimes>> {
    const rows = await this.rows.find({ select: { [this.key]: true, createdAt: true, updatedAt: true } as FindOptionsSelect<E> });
    return new Map(rows.map(({ createdAt, updatedAt, ...row }) => [this.keyOf(row as E), { createdAt, updatedAt }]));
  }

  /**
   * Joins the transaction the caller runs in, or runs one of its own (every write runs in one, which
   * tells the database who makes it: see ContentAttributionSubscriber). Through this collection's own
   * host: @Transactional() would take the host of whichever app was made last in the process.
   */
  private inTransaction<T>(work: () => Promise<T>): Promise<T> {
    return this.txHost.withTransaction(work);
  }

  private where(key: string): FindOptionsWhere<E> {
    return { [this.key]: key } as FindOptionsWhere<E>;
  }

  private keyOf(row: E): string {
    return (row as unknown as Record<string, string>)[this.key];
  }
}

async function keyChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new KeyTaken();
    if (isForeignKeyViolation(error)) throw new ReferenceMissing();
    throw error;
  }
}
