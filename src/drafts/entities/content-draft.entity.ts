import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentParts } from '@/content';
import type { DraftOrders, MergedDraft } from '@/drafts/draft-merge';
import type { ValidationIssue } from '@/common/validation/request-validation.exception';

/** A scheduled publish refused: when it was tried, and the 422's issues. */
export interface PublishFailure {
  at: string;
  issues: ValidationIssue[];
}

/** The owner's draft: at most one, of the domains it changed. */
@Check('ck_content_drafts_one', '"id" = 1')
@Entity('content_drafts')
export class ContentDraftEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  openedAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  scheduledAt!: Date | null;

  /** The published parts when the draft last saw them: what tells the draft's changes from direct writes. */
  @Column({ type: 'json' })
  base!: DocumentParts;

  /**
   * The draft's parts of the domains where it differs from the published content; of a list with
   * an order in `orders`, only the items that differ, here and in `base`. A row an earlier version
   * stored holds whole domains (every domain, in the first version), and reads the same.
   */
  @Column({ type: 'json' })
  document!: DocumentParts;

  /** Each list domain's keys in order, published and drafted, where `base` and `document` hold only the items that differ. */
  @Column({ type: 'json', nullable: true })
  orders!: DraftOrders | null;

  /** Why its scheduled publish could not be made, and when; null while none failed since it was last scheduled. */
  @Column({ type: 'jsonb', nullable: true })
  publishFailure!: PublishFailure | null;

  /** Items the draft changed that direct writes changed too, found so far. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  overridden!: MergedDraft['overridden'];
}
