import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, LessThan, MoreThan, type Repository } from 'typeorm';
import { inStatements } from '@/content-store/rows-per-statement';
import type { PostgresAdapter } from '@/database/storage-for';
import { type ContentDomain, keyFieldOf } from '@/content';
import { ContentChangeEntity } from '@/history/entities/content-change.entity';
import { ContentRevisionEntity } from '@/history/entities/content-revision.entity';
import { ContentSnapshotItemEntity } from '@/history/entities/content-snapshot-item.entity';
import { ContentSnapshotEntity } from '@/history/entities/content-snapshot.entity';
import {
  ContentHistoryRepository,
  type HashedItem,
  type NewRevision,
  type PendingChange,
  type Revision,
  type SnapshotEntry,
  type SnapshotIds,
} from './content-history.repository';

/** The advisory lock (by its name's `hashtext`) whose holder records the pending changes, one instance at a time. */
export const RECORDER_LOCK = 'content_history.record';

/** The content_changes, content_revisions, content_snapshots and content_snapshot_items tables. */
class TypeOrmContentHistory extends ContentHistoryRepository {
  readonly records = true;

  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private table<E extends object>(entity: new () => E): Repository<E> {
    return this.txHost.tx.getRepository(entity);
  }

  onceAcrossInstances<T>(work: () => Promise<T>): Promise<T | undefined> {
    return this.txHost.withTransaction({ isolationLevel: 'REPEATABLE READ' }, async () => {
      const [{ locked }] = await this.txHost.tx.query<{ locked: boolean }[]>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        RECORDER_LOCK,
      ]);
      return locked ? work() : undefined;
    });
  }

  async pendingChanges(): Promise<PendingChange[]> {
    return (await this.table(ContentChangeEntity).find({ order: { id: 'ASC' } })) as PendingChange[];
  }

  async forgetChanges(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.table(ContentChangeEntity).delete({ id: In(ids) });
  }

  /** Without the newest revision's list of changes, which an import's makes thousands long. */
  async latestSnapshotIds(): Promise<SnapshotIds | undefined> {
    const [newest] = await this.table(ContentRevisionEntity).find({
      select: { id: true, snapshotIds: true },
      order: { id: 'DESC' },
      take: 1,
    });
    return newest?.snapshotIds as SnapshotIds | undefined;
  }

  async storeSnapshot(hash: Buffer, items: HashedItem[], stored: ReadonlyMap<string, number> = new Map()): Promise<number> {
    const snapshots = this.table(ContentSnapshotEntity);
    const known = await snapshots.findOne({ select: { id: true }, where: { hash } });
    if (known) return known.id;
    const itemIds = await this.storeItems(items, stored);
    const { identifiers } = await snapshots.insert({ hash, itemIds: items.map((item) => itemIds.get(item.hash.toString('hex'))!) });
    return (identifiers[0] as { id: number }).id;
  }

  /** Item ids by hash (hex): those stored already are known or looked up, only the rest are sent. */
  private async storeItems(items: HashedItem[], stored: ReadonlyMap<string, number>): Promise<Map<string, number>> {
    const rows = this.table(ContentSnapshotItemEntity);
    const ids = new Map(stored);
    const unknown = [...new Map(items.map((item) => [item.hash.toString('hex'), item])).values()].filter(
      (item) => !ids.has(item.hash.toString('hex')),
    );
    // One parameter, the list of hashes, where TypeORM's In() makes one per hash: thousands of them, built and escaped in one hold of the event loop.
    const found =
      unknown.length === 0
        ? []
        : await rows
            .createQueryBuilder('item')
            .select(['item.id', 'item.hash'])
            .where('item.hash = ANY(:hashes)', { hashes: unknown.map((item) => item.hash) })
            .getMany();
    for (const { id, hash } of found) ids.set(hash.toString('hex'), id);
    const missing = unknown.filter((item) => !ids.has(item.hash.toString('hex')));
    for (const chunk of inStatements(missing)) {
      const { identifiers } = await rows.insert(chunk.map(({ hash, body }) => ({ hash, body: body as object })));
      chunk.forEach((item, i) => ids.set(item.hash.toString('hex'), (identifiers[i] as { id: number }).id));
    }
    return ids;
  }

  /** An insert, not a save: a save copies the entity deeply before it writes it, and an import's revision lists thousands of changes. */
  async add(revision: NewRevision): Promise<Revision> {
    const { generatedMaps } = await this.table(ContentRevisionEntity).insert(revision);
    return { ...revision, ...generatedMaps[0] } as Revision;
  }

  async keepNewest(count: number): Promise<void> {
    const revisions = this.table(ContentRevisionEntity);
    const [oldestKept] = await revisions.find({ select: { id: true }, order: { id: 'DESC' }, skip: count - 1, take: 1 });
    if (!oldestKept) return;
    const { affected } = await revisions.delete({ id: LessThan(oldestKept.id) });
    if (!affected) return;
    const orphans = await this.table(ContentSnapshotEntity)
      .createQueryBuilder()
      .delete()
      .where('id NOT IN (SELECT value::int FROM content_revisions, jsonb_each_text(snapshot_ids))')
      .returning('item_ids')
      .execute()
      .then(({ raw }) => raw as { item_ids: number[] }[]);
    const candidates = [...new Set(orphans.flatMap((snapshot) => snapshot.item_ids))];
    if (candidates.length === 0) return;
    await this.table(ContentSnapshotItemEntity)
      .createQueryBuilder()
      .delete()
      .where('id = ANY(:candidates) AND id NOT IN (SELECT unnest(item_ids) FROM content_snapshots)', { candidates })
      .execute();
  }

  replaceAll(work: () => Promise<void>): Promise<void> {
    return this.txHost.withTransaction(async () => {
      await this.txHost.tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [RECORDER_LOCK]);
      await this.txHost.tx.query('TRUNCATE "content_revisions", "content_snapshots", "content_snapshot_items"');
      await work();
    });
  }

  async page(limit: number, before: number | undefined): Promise<Revision[]> {
    return (await this.table(ContentRevisionEntity).find({
      where: before === undefined ? {} : { id: LessThan(before) },
      order: { id: 'DESC' },
      take: limit,
    })) as Revision[];
  }

  async since(after: number, limit: number): Promise<Revision[]> {
    return (await this.table(ContentRevisionEntity).find({
      where: { id: MoreThan(after) },
      order: { id: 'ASC' },
      take: limit,
    })) as Revision[];
  }

  async find(id: number): Promise<Revision | undefined> {
    return ((await this.table(ContentRevisionEntity).findOneBy({ id })) ?? undefined) as Revision | undefined;
  }

  async itemsOf(snapshotIds: Partial<SnapshotIds>): Promise<Partial<Record<ContentDomain, unknown[]>>> {
    const snapshots = await this.table(ContentSnapshotEntity).findBy({ id: In(Object.values(snapshotIds)) });
    const itemIds = [...new Set(snapshots.flatMap((snapshot) => snapshot.itemIds))];
    const items = await this.table(ContentSnapshotItemEntity).find({ select: { id: true, body: true }, where: { id: In(itemIds) } });
    const bodies = new Map(items.map(({ id, body }) => [id, body]));
    const listed = new Map(snapshots.map(({ id, itemIds: ids }) => [id, ids.map((itemId) => bodies.get(itemId))]));
    return Object.fromEntries(Object.entries(snapshotIds).map(([domain, id]) => [domain, listed.get(id)!]));
  }

  async entriesOf(snapshotIds: Partial<SnapshotIds>): Promise<Partial<Record<ContentDomain, SnapshotEntry[]>>> {
    const entries: Partial<Record<ContentDomain, SnapshotEntry[]>> = {};
    for (const [domain, id] of Object.entries(snapshotIds) as [ContentDomain, number][])
      entries[domain] = await this.txHost.tx.query<SnapshotEntry[]>(
        `SELECT item.id, item.hash, item.body ->> $2::text AS key
           FROM content_snapshots snapshot
           CROSS JOIN LATERAL unnest(snapshot.item_ids) WITH ORDINALITY AS listed (item_id, position)
           JOIN content_snapshot_items item ON item.id = listed.item_id
          WHERE snapshot.id = $1
          ORDER BY listed.position`,
        [id, keyFieldOf(domain) ?? null],
      );
    return entries;
  }
}

export const typeOrmContentHistory: PostgresAdapter<ContentHistoryRepository> = (txHost) => new TypeOrmContentHistory(txHost);
