import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { ProjectsModule } from '@/projects/projects.module';
import { SkillCategoriesRepository, SkillsRepository } from './persistence/skills.repository';
import { skillsFromItems } from './skill-defaults';
import { SkillsController } from './skills.controller';
import { SkillCategoriesService } from './skill-categories.service';
import { SkillProjectLinks } from './skill-project-links';
import { SkillsService } from './skills.service';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

@Module({
  imports: [ProjectsModule, ContentWritesModule],
  controllers: [SkillsController],
  providers: [
    SkillCategoriesService,
    SkillsService,
    SkillProjectLinks,
    contentStorage(SkillCategoriesRepository, {
      postgres: async () => (await import('./persistence/typeorm-skills.repository.js')).typeOrmSkillCategories,
      document: (document, changedAt) =>
        new DocumentCollection(skillsFromItems(document.skills).categories, (category) => category.id, changedAt),
    }),
    contentStorage(SkillsRepository, {
      postgres: async () => (await import('./persistence/typeorm-skills.repository.js')).typeOrmSkills,
      document: (document, changedAt) => new DocumentCollection(skillsFromItems(document.skills).skills, (skill) => skill.id, changedAt),
    }),
  ],
})
export class SkillsModule {}
