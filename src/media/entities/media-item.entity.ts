import { Column, CreateDateColumn, DeleteDateColumn, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import type { MediaVariantEntity } from './media-variant.entity';

/** An uploaded picture, processed once: its id is derived from the uploaded bytes. */
@Entity('media_items')
export class MediaItemEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  /** The format of the fallback variant: `png` where the picture has transparency, else `jpg`. */
  @Column({ type: 'text' })
  fallback!: 'jpg' | 'png';

  /** The Content-Type its bytes were uploaded as, and found to be; null for a picture kept before that was recorded. */
  @Column({ type: 'text', nullable: true })
  uploadedAs!: string | null;

  /** The stripped original's size. */
  @Column({ type: 'integer' })
  bytes!: number;

  /** A ThumbHash, base64. */
  @Column({ type: 'text' })
  placeholder!: string;

  /** The alt text per language; a language left out has none. */
  @Column({ type: 'jsonb', default: {} })
  alt!: Record<string, string>;

  @Column({ type: 'jsonb', nullable: true })
  focalPoint!: { x: number; y: number } | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  /** When the owner deleted it: hidden from then on, its bytes kept while a kept revision names it. */
  @DeleteDateColumn({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @OneToMany('MediaVariantEntity', (variant: MediaVariantEntity) => variant.item)
  variants!: MediaVariantEntity[];
}
