import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import type { PostgresAdapter } from '@/database/storage-for';
import { CertificationEntity } from '@/certifications/entities/certification.entity';
import type { CertificationsRepository } from './certifications.repository';

/** The certifications in PostgreSQL. */
export const typeOrmCertifications: PostgresAdapter<CertificationsRepository> = (txHost) =>
  new TypeOrmCollection(txHost, CertificationEntity, { sortOrder: 'ASC', createdAt: 'ASC' });
