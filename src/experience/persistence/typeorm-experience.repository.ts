import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import type { PostgresAdapter } from '@/database/storage-for';
import { WorkEntryEntity } from '@/experience/entities/work-entry.entity';
import type { ExperienceRepository } from './experience.repository';

/** The work entries in PostgreSQL. Ascending sort order is newest first; ties fall back to the newest insert. */
export const typeOrmExperience: PostgresAdapter<ExperienceRepository> = (txHost) =>
  new TypeOrmCollection(txHost, WorkEntryEntity, { sortOrder: 'ASC', createdAt: 'DESC' });
