import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import { ProjectEntity } from './entities/project.entity';
import { ProjectsRepository } from './persistence/projects.repository';
import { projectFromItem } from './project-defaults';
import { ProjectsController } from './projects.controller';
import { ProjectsService } from './projects.service';

@Module({
  controllers: [ProjectsController],
  providers: [
    ProjectsService,
    contentStorage(ProjectsRepository, {
      postgres: (txHost) => new TypeOrmCollection(txHost, ProjectEntity, { sortOrder: 'ASC', createdAt: 'ASC' }, 'slug'),
      document: (document) => new DocumentCollection(document.projects.map(projectFromItem), (project) => project.slug),
    }),
  ],
  exports: [ProjectsService],
})
export class ProjectsModule {}
