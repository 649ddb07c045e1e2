import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { MediaItemEntity } from './media-item.entity';

/** One encoding of a picture at one width (`640.avif`), or the stripped original (`original`). */
@Entity('media_variants')
export class MediaVariantEntity {
  @PrimaryColumn({ type: 'text' })
  mediaId!: string;

  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  /** Its media type: image/avif, image/webp, image/jpeg or image/png. */
  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'integer' })
  bytes!: number;

  /** Null when the bytes are kept as a blob (MEDIA_STORAGE=azure-blob). */
  @Column({ type: 'bytea', nullable: true, select: false })
  body!: Buffer | null;

  @ManyToOne('MediaItemEntity', (item: MediaItemEntity) => item.variants, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'media_id' })
  item!: MediaItemEntity;
}
