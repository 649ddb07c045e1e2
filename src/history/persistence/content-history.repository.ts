import { withoutADatabase } from '@/database/without-a-database';
import type { ContentDomain } from '@/content';
import type { ContentChange } from '@/history/content-diff';
import type { RevisionSource } from '@/history/revision-sources';

const unavailable = withoutADatabase('content history is kept in the database');

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
  /** Each item it touched; empty for a revision recorded before they were kept. */
  changes: ContentChange[];
}

/** A revision to keep; its time is now unless given (one brought back from a backup). */
export type NewRevision = Omit<Revision, 'id' | 'createdAt'> & { createdAt?: Date };

/** An item of a snapshot, addressed by the SHA-256 of its JSON. */
export interface HashedItem {
  hash: Buffer;
  body: unknown;
}

/** An item of a stored snapshot without its body: its row, its hash, and its key (`keyFieldOf`). */
export interface SnapshotEntry {
  id: number;
  hash: Buffer;
  key: string | null;
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
  /** The snapshots of the newest revision, which the next is recorded against; undefined before the first. */
  abstract latestSnapshotIds(): Promise<SnapshotIds | undefined>;
  /**
   * The id of the snapshot listing these items in this order, storing only what is not stored yet.
   * `stored`: ids of items known to be stored, by hash (hex), which need not be looked up.
   */
  abstract storeSnapshot(hash: Buffer, items: HashedItem[], stored?: ReadonlyMap<string, number>): Promise<number>;
  abstract add(revision: NewRevision): Promise<Revision>;
  /** Forgets every revision but the newest `count`, and whatever only they used. */
  abstract keepNewest(count: number): Promise<void>;
  /**
   * Forgets every revision and what they kept, then runs `work` (which adds others), in one
   * transaction that the recorder waits for: it records nothing in between.
   */
  abstract replaceAll(work: () => Promise<void>): Promise<void>;
  abstract page(limit: number, before: number | undefined): Promise<Revision[]>;
  /** Oldest first: the revisions recorded after `after`. */
  abstract since(after: number, limit: number): Promise<Revision[]>;
  abstract find(id: number): Promise<Revision | undefined>;
  /** Each snapshot's items in order, of the domains `snapshotIds` names. */
  abstract itemsOf(snapshotIds: Partial<SnapshotIds>): Promise<Partial<Record<ContentDomain, unknown[]>>>;
  /** `itemsOf` without the bodies, which a comparison by hash does not need. */
  abstract entriesOf(snapshotIds: Partial<SnapshotIds>): Promise<Partial<Record<ContentDomain, SnapshotEntry[]>>>;
}

/** Without a database nothing changes, so there is no history: reading it is 503. */
export class NoContentHistory extends ContentHistoryRepository {
  readonly records = false;
  onceAcrossInstances = unavailable;
  pendingChanges = unavailable;
  forgetChanges = unavailable;
  latestSnapshotIds = unavailable;
  storeSnapshot = unavailable;
  add = unavailable;
  keepNewest = unavailable;
  replaceAll = unavailable;
  page = unavailable;
  since = unavailable;
  find = unavailable;
  itemsOf = unavailable;
  entriesOf = unavailable;
}
