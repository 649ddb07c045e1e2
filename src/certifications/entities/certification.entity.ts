import { Column, Entity, Unique } from 'typeorm';
import { ISO_TIMESTAMP } from '@/database/iso-timestamp.transformer';
import { TimestampedEntity } from '@/database/timestamped.entity';

/** Synced rows are matched on (source, external_id); manual rows have no external id. */
@Entity('certifications')
@Unique('uq_certifications_source_external_id', ['source', 'externalId'])
export class CertificationEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', default: '' })
  iconType!: string;

  @Column({ type: 'text', default: '' })
  link!: string;

  @Column({ type: 'text', default: '' })
  linkText!: string;

  @Column({ type: 'text', default: 'manual' })
  source!: string;

  @Column({ type: 'text', nullable: true })
  externalId!: string | null;

  @Column({ type: 'text', nullable: true })
  badgeImageUrl!: string | null;

  @Column({ type: 'timestamptz', nullable: true, transformer: ISO_TIMESTAMP })
  issuedAt!: string | null;

  @Column({ type: 'timestamptz', nullable: true, transformer: ISO_TIMESTAMP })
  expiresAt!: string | null;

  /** false locks the row: certification sync never changes it. */
  @Column({ type: 'boolean', default: true })
  syncEnabled!: boolean;

  @Column({ type: 'integer' })
  sortOrder!: number;

  /** The item's texts in the other languages (`{ nederlands: { title: … } }`); a field left out reads in English. */
  @Column({ type: 'jsonb', default: {} })
  translations!: Record<string, Record<string, unknown>>;
}
