import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { MediaModule } from '@/media/media.module';
import { ProjectsRepository } from './persistence/projects.repository';
import { projectFromItem } from './project-defaults';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

@Module({
  imports: [MediaModule, ContentWritesModule],
  controllers: [ProjectsController],
  providers: [
    ProjectsService,
    contentStorage(ProjectsRepository, {
      postgres: async () => (await import('./persistence/typeorm-projects.repository.js')).typeOrmProjects,
      document: (document, changedAt) =>
        new DocumentCollection(document.projects.map(projectFromItem), (project) => project.slug, changedAt),
    }),
  ],
  exports: [ProjectsService],
})
export class ProjectsModule {}
