import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { DocumentParts } from '@/content';
import type { MergedDraft } from '@/drafts/draft-merge';

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

  /** The draft's parts of the domains where it differs from the published content (a row an earlier version stored holds every domain, and reads the same). */
  @Column({ type: 'json' })
  document!: DocumentParts;

  /** Items the draft changed that direct writes changed too, found so far. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  overridden!: MergedDraft['overridden'];
}
