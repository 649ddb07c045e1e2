import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import type { PostgresAdapter } from '@/database/storage-for';
import { ProjectEntity } from '@/projects/entities/project.entity';
import type { ProjectsRepository } from './projects.repository';

/** The projects in PostgreSQL, addressed by slug. */
export const typeOrmProjects: PostgresAdapter<ProjectsRepository> = (txHost) =>
  new TypeOrmCollection(txHost, ProjectEntity, { sortOrder: 'ASC', createdAt: 'ASC' }, 'slug');
