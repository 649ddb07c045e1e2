import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A domain's items in their order, by item id; content-addressed: revisions with the same list share it. */
@Entity('content_snapshots')
export class ContentSnapshotEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  /** SHA-256 of the items' hashes in order. */
  @Column({ type: 'bytea', unique: true })
  hash!: Buffer;

  @Column({ type: 'integer', array: true })
  itemIds!: number[];
}
