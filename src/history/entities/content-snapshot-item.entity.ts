import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One item of a domain as the content document holds it (the profile is one item); content-addressed: stored once however many snapshots list it. */
@Entity('content_snapshot_items')
export class ContentSnapshotItemEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  /** SHA-256 of `body`. */
  @Column({ type: 'bytea', unique: true })
  hash!: Buffer;

  /** As exported: `json` keeps the document's own key order. */
  @Column({ type: 'json' })
  body!: unknown;
}
