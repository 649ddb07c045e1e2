import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { ExperienceController } from './experience.controller';
import { ExperienceService } from './experience.service';
import { ExperienceRepository } from './persistence/experience.repository';
import { workEntryFromItem } from './work-entry-defaults';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

@Module({
  imports: [ContentWritesModule],
  controllers: [ExperienceController],
  providers: [
    ExperienceService,
    contentStorage(ExperienceRepository, {
      postgres: async () => (await import('./persistence/typeorm-experience.repository.js')).typeOrmExperience,
      document: (document, changedAt) => new DocumentCollection(document.experience.map(workEntryFromItem), (entry) => entry.id, changedAt),
    }),
  ],
  exports: [ExperienceService],
})
export class ExperienceModule {}
