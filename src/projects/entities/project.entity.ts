import { Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '@/database/timestamped.entity';

@Entity('projects')
export class ProjectEntity extends TimestampedEntity {
  @Index({ unique: true })
  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'text', default: '' })
  longDescription!: string;

  @Column({ type: 'text', array: true, default: '{}' })
  technologies!: string[];

  @Column({ type: 'text', default: '' })
  category!: string;

  @Column({ type: 'text', default: '' })
  status!: string;

  @Column({ type: 'text', default: '' })
  impact!: string;

  @Column({ type: 'text', default: '' })
  demo!: string;

  @Column({ type: 'text', default: '' })
  image!: string;

  @Column({ type: 'text', default: '' })
  client!: string;

  @Column({ type: 'text', default: '' })
  overview!: string;

  @Column({ type: 'text', default: '' })
  challenge!: string;

  @Column({ type: 'text', default: '' })
  solution!: string;

  @Column({ type: 'text', array: true, default: '{}' })
  results!: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  responsibilities!: string[];

  @Column({ type: 'text', nullable: true })
  embeddedApp!: string | null;

  @Column({ type: 'text', nullable: true })
  publicationUrl!: string | null;

  @Column({ type: 'text', nullable: true })
  thesisUrl!: string | null;

  @Column({ type: 'integer' })
  sortOrder!: number;

  /** The item's texts in the other languages (`{ nederlands: { title: … } }`); a field left out reads in English. */
  @Column({ type: 'jsonb', default: {} })
  translations!: Record<string, Record<string, unknown>>;
}
