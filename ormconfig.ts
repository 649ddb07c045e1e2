/** The data source the TypeORM CLI uses: `npm run migration:run|revert|generate`. */
import { DataSource } from 'typeorm';
import { ContactMessageEntity } from './src/contact/entities/contact-message.entity';
import { AwardEntity } from './src/credentials/entities/award.entity';
import { CertificationEntity } from './src/credentials/entities/certification.entity';
import { CvDownloadEventEntity } from './src/cv/entities/cv-download-event.entity';
import { postgresOptions } from './src/database/data-source.options';
import { WorkEntryEntity } from './src/experience/entities/work-entry.entity';
import { ProjectEntity } from './src/projects/entities/project.entity';
import { SkillCategoryEntity } from './src/skills/entities/skill-category.entity';
import { SkillEntity } from './src/skills/entities/skill.entity';

export const ENTITIES = [
  ProjectEntity,
  WorkEntryEntity,
  SkillCategoryEntity,
  SkillEntity,
  AwardEntity,
  CertificationEntity,
  ContactMessageEntity,
  CvDownloadEventEntity,
];

export default new DataSource({
  ...postgresOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portfolio'),
  entities: ENTITIES,
});
