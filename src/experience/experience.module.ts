import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import { WorkEntryEntity } from './entities/work-entry.entity';
import { ExperienceController } from './experience.controller';
import { ExperienceService } from './experience.service';
import { ExperienceRepository } from './persistence/experience.repository';
import { workEntryFromItem } from './work-entry-defaults';

@Module({
  controllers: [ExperienceController],
  providers: [
    ExperienceService,
    // Ascending sort order is newest first; ties fall back to the newest insert.
    contentStorage(ExperienceRepository, {
      postgres: (txHost) => new TypeOrmCollection(txHost, WorkEntryEntity, { sortOrder: 'ASC', createdAt: 'DESC' }),
      document: (document) => new DocumentCollection(document.experience.map(workEntryFromItem), (entry) => entry.id),
    }),
  ],
  exports: [ExperienceService],
})
export class ExperienceModule {}
