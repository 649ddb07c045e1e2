import { Column, Entity, Index, ManyToOne, type Relation } from 'typeorm';
import { TimestampedEntity } from '@/database/timestamped.entity';
import { SkillCategoryEntity } from './skill-category.entity';

@Entity('skills')
export class SkillEntity extends TimestampedEntity {
  @Index()
  @Column({ type: 'uuid' })
  categoryId!: string;

  /** Relation<> keeps the ESM import cycle lazy. The database cascades a category's deletion to its skills. */
  @ManyToOne(() => SkillCategoryEntity, (category) => category.skills, { onDelete: 'CASCADE' })
  category!: Relation<SkillCategoryEntity>;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', array: true, default: '{}' })
  projects!: string[];

  @Column({ type: 'integer' })
  sortOrder!: number;
}
