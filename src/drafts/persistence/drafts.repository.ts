import { refuseWrite } from '@/content-store/document-collection';
import type { DocumentParts } from '@/content';
import type { DraftOrders, MergedDraft } from '@/drafts/draft-merge';
import type { PublishFailure } from '@/drafts/entities/content-draft.entity';

export interface StoredDraft {
  openedAt: Date;
  updatedAt: Date;
  scheduledAt: Date | null;
  /** The published parts the draft was last merged with, of the domains it changed (of a list with an order, the items it changed). */
  base: DocumentParts;
  /** The draft's parts of the domains it changed (of a list with an order, the items it changed). */
  document: DocumentParts;
  /** Null in a draft stored whole by an earlier version. */
  orders: DraftOrders | null;
  overridden: MergedDraft['overridden'];
  publishFailure: PublishFailure | null;
}

export type DraftStamp = Pick<StoredDraft, 'openedAt' | 'updatedAt'>;

/** Where the draft is kept; each call joins the caller's transaction. Drafts need a database (503 without one). */
export abstract class DraftsRepository {
  abstract find(): Promise<StoredDraft | undefined>;
  /** When the draft was opened and last changed (undefined: none is open), read without its documents. */
  abstract stamp(): Promise<DraftStamp | undefined>;
  /** The draft, locked until the caller's transaction ends: draft writes and publishing take their turns. */
  abstract lock(): Promise<StoredDraft | undefined>;
  abstract save(draft: Pick<StoredDraft, 'base' | 'document' | 'orders' | 'overridden'>): Promise<void>;
  /** Sets (or, with null, cancels) when the draft is published, forgetting a failure before; answers whether there is a draft. */
  abstract schedule(at: Date | null): Promise<boolean>;
  /** The publish scheduled at `scheduledAt` could not be made: the schedule stops, and the draft says why (unless it was scheduled anew meanwhile). */
  abstract publishFailed(scheduledAt: Date, failure: PublishFailure): Promise<void>;
  /** Answers whether there was one. */
  abstract remove(): Promise<boolean>;
  /** The preview tokens' signing key: `candidate` becomes it unless another instance's came first. */
  abstract previewKey(candidate: Buffer): Promise<Buffer>;
}

export class NoDrafts extends DraftsRepository {
  find = refuseWrite;
  stamp = refuseWrite;
  lock = refuseWrite;
  save = refuseWrite;
  schedule = refuseWrite;
  publishFailed = refuseWrite;
  remove = refuseWrite;
  previewKey = refuseWrite;
}
