import { Column, Entity } from 'typeorm';
import { TimestampedEntity } from '@/database/timestamped.entity';

@Entity('awards')
export class AwardEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  organization!: string;

  @Column({ type: 'text' })
  year!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', default: '' })
  iconName!: string;

  @Column({ type: 'text', default: '' })
  bgColor!: string;

  @Column({ type: 'integer' })
  sortOrder!: number;

  /** The item's texts in the other languages (`{ nederlands: { title: … } }`); a field left out reads in English. */
  @Column({ type: 'jsonb', default: {} })
  translations!: Record<string, Record<string, unknown>>;
}
