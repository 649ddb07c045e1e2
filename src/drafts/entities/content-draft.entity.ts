import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { ContentDocument } from '@/content';
import type { MergedDraft } from '@/drafts/draft-merge';

/** The owner's draft: at most one, the whole content as the draft has it. */
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

  /** The published content when the draft last saw it: what tells the draft's changes from direct writes. */
  @Column({ type: 'json' })
  base!: ContentDocument;

  @Column({ type: 'json' })
  document!: ContentDocument;

  /** Items the draft changed that direct writes changed too, found so far. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  overridden!: MergedDraft['overridden'];
}
