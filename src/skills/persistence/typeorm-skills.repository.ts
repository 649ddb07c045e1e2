import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import type { PostgresAdapter } from '@/database/storage-for';
import { SkillCategoryEntity } from '@/skills/entities/skill-category.entity';
import { SkillEntity } from '@/skills/entities/skill.entity';
import type { SkillCategoriesRepository, SkillsRepository } from './skills.repository';

const IN_ORDER = { sortOrder: 'ASC', createdAt: 'ASC' } as const;

/** The skill categories in PostgreSQL. */
export const typeOrmSkillCategories: PostgresAdapter<SkillCategoriesRepository> = (txHost) =>
  new TypeOrmCollection(txHost, SkillCategoryEntity, IN_ORDER);

/** The skills in PostgreSQL. */
export const typeOrmSkills: PostgresAdapter<SkillsRepository> = (txHost) => new TypeOrmCollection(txHost, SkillEntity, IN_ORDER);
