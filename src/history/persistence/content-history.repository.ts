import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ServiceUnavailableException } from '@nestjs/common';
import { In, LessThan, type Repository } from 'typeorm';
import { INSERT_CHUNK } from '@/content-store/typeorm-collection';
import type { ContentDomain } from '@/read-model/content-domains';
import type { RevisionSource } from '@/history/revision-sources';
import { ContentChangeEntity } from '@/history/entities/content-change.entity';
import { ContentRevisionEntity } from '@/history/entities/content-revision.entity';
import { ContentSnapshotItemEntity } from '@/history/entities/content-snapshot-item.entity';
import { ContentSnapshotEntity } from '@/history/entities/content-snapshot.entity';

/** A change the database wrote down that is not a revision yet. */
export interface PendingChange {
  id: string;
  transactionId: string;
  domain: ContentDomain;
  source: RevisionSource;
  actor: string | null;
}

/** Each domain's snapshot id. */
export type SnapshotIds = Record<ContentDomain, number>;

export interface Revision {
  id: number;
  createdAt: Date;
  source: RevisionSource;
  actor: string | null;
  domains: ContentDomain[];
  snapshotIds: SnapshotIds;
}

export type NewRevision = Omit<Revision, 'id' | 'createdAt'>;

/** An item of a snapshot, addressed by the SHA-256 of its JSON. */
export interface HashedItem {
  hash: Buffer;
  body: unknown;
}

/** Content history: the changes to record, and the revisions with their shared snapshots. */
export abstract class ContentHistoryRepository {
  /** Whether changes are written down at all (only a database has them). */
  abstract readonly records: boolean;
  /**
   * Runs `work` in one repeatable-read transaction (the changes it reads and the content it
   * snapshots are of the same moment), unless another instance is recording (then undefined).
   */
  abstract onceAcrossInstances<T>(work: () => Promise<T>): Promise<T | undefined>;
  abstract pendingChanges(): Promise<PendingChange[]>;
  abstract forgetChanges(ids: string[]): Promise<void>;
  abstract latest(): Promise<Revision | undefined>;
  /** The id of the snapshot listing these items in this order, storing only what is not stored yet. */
  abstract storeSnapshot(hash: Buffer, items: HashedItem[]): Promise<number>;
  abstract add(revision: NewRevision): Promise<Revision>;
  /** Forgets every revision but the newest `count`, and whatever only they used. */
  abstract keepNewest(count: number): Promise<void>;
  abstract page(limit: number, before: number | undefined): Promise<Revision[]>;
  abstract find(id: number): Promise<Revision | undefined>;
  /** Each snapshot's items in order. */
  abstract itemsOf(snapshotIds: SnapshotIds): Promise<Record<ContentDomain, unknown[]>>;
}

const RECORDER_LOCK = 'content_history.record';

/** The content_changes, content_revisions, content_snapshots and content_snapshot_items tables. */
export class TypeOrmContentHistory extends ContentHistoryRepository {
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

  async latest(): Promise<Revision | undefined> {
    return (await this.page(1, undefined))[0];
  }

  async storeSnapshot(hash: Buffer, items: HashedItem[]): Promise<number> {
    const snapshots = this.table(ContentSnapshotEntity);
    const known = await snapshots.findOne({ select: { id: true }, where: { hash } });
    if (known) return known.id;
    const itemIds = await this.storeItems(items);
    const { identifiers } = await snapshots.insert({ hash, itemIds: items.map((item) => itemIds.get(item.hash.toString('hex'))!) });
    return (identifiers[0] as { id: number }).id;
  }

  /** Item ids by hash (hex): those stored already are looked up, only the rest are sent. */
  private async storeItems(items: HashedItem[]): Promise<Map<string, number>> {
    const rows = this.table(ContentSnapshotItemEntity);
    const hashes = [...new Map(items.map((item) => [item.hash.toString('hex'), item])).values()];
    const stored = await rows.find({ select: { id: true, hash: true }, where: { hash: In(hashes.map((item) => item.hash)) } });
    const ids = new Map(stored.map(({ id, hash }) => [hash.toString('hex'), id]));
    const missing = hashes.filter((item) => !ids.has(item.hash.toString('hex')));
    for (let start = 0; start < missing.length; start += INSERT_CHUNK) {
      const chunk = missing.slice(start, start + INSERT_CHUNK);
      const { identifiers } = await rows.insert(chunk.map(({ hash, body }) => ({ hash, body: body as object })));
      chunk.forEach((item, i) => ids.set(item.hash.toString('hex'), (identifiers[i] as { id: number }).id));
    }
    return ids;
  }

  async add(revision: NewRevision): Promise<Revision> {
    return (await this.table(ContentRevisionEntity).save(this.table(ContentRevisionEntity).create(revision))) as Revision;
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

  async page(limit: number, before: number | undefined): Promise<Revision[]> {
    return (await this.table(ContentRevisionEntity).find({
      where: before === undefined ? {} : { id: LessThan(before) },
      order: { id: 'DESC' },
      take: limit,
    })) as Revision[];
  }

  async find(id: number): Promise<Revision | undefined> {
    return ((await this.table(ContentRevisionEntity).findOneBy({ id })) ?? undefined) as Revision | undefined;
  }

  async itemsOf(snapshotIds: SnapshotIds): Promise<Record<ContentDomain, unknown[]>> {
    const snapshots = await this.table(ContentSnapshotEntity).findBy({ id: In(Object.values(snapshotIds)) });
    const itemIds = [...new Set(snapshots.flatMap((snapshot) => snapshot.itemIds))];
    const items = await this.table(ContentSnapshotItemEntity).find({ select: { id: true, body: true }, where: { id: In(itemIds) } });
    const bodies = new Map(items.map(({ id, body }) => [id, body]));
    const listed = new Map(snapshots.map(({ id, itemIds: ids }) => [id, ids.map((itemId) => bodies.get(itemId))]));
    return Object.fromEntries(Object.entries(snapshotIds).map(([domain, id]) => [domain, listed.get(id)!])) as Record<
      ContentDomain,
      unknown[]
    >;
  }
}

/** Without a database nothing changes, so there is no history: reading it is 503. */
export class NoContentHistory extends ContentHistoryRepository {
  readonly records = false;
  onceAcrossInstances = unavailable;
  pendingChanges = unavailable;
  forgetChanges = unavailable;
  latest = unavailable;
  storeSnapshot = unavailable;
  add = unavailable;
  keepNewest = unavailable;
  page = unavailable;
  find = unavailable;
  itemsOf = unavailable;
}

function unavailable(): Promise<never> {
  return Promise.reject(new ServiceUnavailableException({ detail: 'No database is configured: content history is kept in the database' }));
}
