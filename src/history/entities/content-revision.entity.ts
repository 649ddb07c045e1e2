import type { ContentChange } from '@/history/content-diff';
import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { REVISION_SOURCE_CHECK } from '@/history/revision-sources';

/** The content as it stood after a change: each domain's snapshot, shared with the revisions it did not change. */
@Entity('content_revisions')
@Check('ck_content_revisions_source', REVISION_SOURCE_CHECK)
export class ContentRevisionEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'text' })
  source!: string;

  @Column({ type: 'text', nullable: true })
  actor!: string | null;

  /** The domains this revision changed. */
  @Column({ type: 'text', array: true })
  domains!: string[];

  /** Every domain's snapshot id: `{ "awards": 12, … }`. */
  @Column({ type: 'jsonb' })
  snapshotIds!: Record<string, number>;

  /** Each item it added, changed, removed or moved: `[{ "domain": "awards", "id": "…", "change": "changed" }]`. */
  @Column({ type: 'jsonb', default: [] })
  changes!: ContentChange[];
}
