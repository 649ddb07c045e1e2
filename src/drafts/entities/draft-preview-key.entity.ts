import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The secret preview tokens are signed with: one, shared by every instance on the database. */
@Entity('draft_preview_keys')
export class DraftPreviewKeyEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id!: number;

  @Column({ type: 'bytea' })
  key!: Buffer;
}
