import { Column, Entity } from 'typeorm';
import { TimestampedEntity } from '@/database/timestamped.entity';

export interface AdditionalProject {
  title: string;
  description: string;
}

@Entity('work_entries')
export class WorkEntryEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  company!: string;

  @Column({ type: 'text' })
  role!: string;

  @Column({ type: 'text' })
  period!: string;

  @Column({ type: 'text', default: '' })
  location!: string;

  @Column({ type: 'text', default: '' })
  type!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', array: true, default: '{}' })
  responsibilities!: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  technologies!: string[];

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  additionalProjects!: AdditionalProject[] | null;

  @Column({ type: 'text', nullable: true })
  achievement!: string | null;

  /** Ascending: the first entry is the newest. */
  @Column({ type: 'integer' })
  sortOrder!: number;

  /** The item's texts in the other languages (`{ nederlands: { title: … } }`); a field left out reads in English. */
  @Column({ type: 'jsonb', default: {} })
  translations!: Record<string, Record<string, unknown>>;
}
