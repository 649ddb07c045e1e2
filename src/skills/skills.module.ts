import { Module } from '@nestjs/common';
import { contentStorage } from '@/content-store/content-storage';
import { DocumentCollection } from '@/content-store/document-collection';
import { TypeOrmCollection } from '@/content-store/typeorm-collection';
import { SkillCategoryEntity } from './entities/skill-category.entity';
import { SkillEntity } from './entities/skill.entity';
import { SkillCategoriesRepository, SkillsRepository } from './persistence/skills.repository';
import { skillsFromItems } from './skill-defaults';
import { SkillsController } from './skills.controller';
import { SkillsService } from './skills.service';

const IN_ORDER = { sortOrder: 'ASC', createdAt: 'ASC' } as const;

@Module({
  controllers: [SkillsController],
  providers: [
    SkillsService,
    contentStorage(SkillCategoriesRepository, {
      postgres: (txHost) => new TypeOrmCollection(txHost, SkillCategoryEntity, IN_ORDER),
      document: (document) => new DocumentCollection(skillsFromItems(document.skills).categories, (category) => category.id),
    }),
    contentStorage(SkillsRepository, {
      postgres: (txHost) => new TypeOrmCollection(txHost, SkillEntity, IN_ORDER),
      document: (document) => new DocumentCollection(skillsFromItems(document.skills).skills, (skill) => skill.id),
    }),
  ],
  exports: [SkillsService],
})
export class SkillsModule {}
