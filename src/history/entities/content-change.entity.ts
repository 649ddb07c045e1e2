import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { REVISION_SOURCE_CHECK } from '@/history/revision-sources';

/**
 * A change to one content domain, not yet recorded as a revision: the content tables' trigger
 * writes one per transaction and domain, with who made it (migration ContentHistory).
 */
@Entity('content_changes')
@Unique('uq_content_changes_transaction_domain', ['transactionId', 'domain'])
@Check('ck_content_changes_source', REVISION_SOURCE_CHECK)
export class ContentChangeEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  /** The writing transaction's id (`pg_current_xact_id()`): its changes become one revision. */
  @Column({ type: 'bigint' })
  transactionId!: string;

  @Column({ type: 'text' })
  domain!: string;

  @Column({ type: 'text' })
  source!: string;

  @Column({ type: 'text', nullable: true })
  actor!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  changedAt!: Date;
}
