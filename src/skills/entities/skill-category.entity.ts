import { Column, Entity, OneToMany } from 'typeorm';
import { TimestampedEntity } from '@/database/timestamped.entity';
import { SkillEntity } from './skill.entity';

@Entity('skill_categories')
export class SkillCategoryEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', default: '' })
  iconName!: string;

  @Column({ type: 'text', default: '' })
  iconColor!: string;

  @Column({ type: 'integer' })
  sortOrder!: number;

  @OneToMany(() => SkillEntity, (skill) => skill.category)
  skills!: SkillEntity[];

  /** The item's texts in the other languages (`{ nederlands: { title: … } }`); a field left out reads in English. */
  @Column({ type: 'jsonb', default: {} })
  translations!: Record<string, Record<string, unknown>>;
}
