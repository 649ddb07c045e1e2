import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** The secret preview tokens are signed with: one, shared by every instance on the database. */
@Check('ck_draft_preview_keys_one', '"id" = 1')
@Entity('draft_preview_keys')
export class DraftPreviewKeyEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id!: number;

  @Column({ type: 'bytea' })
  key!: Buffer;
}
