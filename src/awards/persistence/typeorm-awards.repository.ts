import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import type { PostgresAdapter } from '@/database/storage-for';
import { AwardEntity } from '@/awards/entities/award.entity';
import type { AwardsRepository } from './awards.repository';

/** The awards in PostgreSQL. */
export const typeOrmAwards: PostgresAdapter<AwardsRepository> = (txHost) =>
  new TypeOrmCollection(txHost, AwardEntity, { sortOrder: 'ASC', createdAt: 'ASC' });
