import type { Type as Class } from '@nestjs/common';
import type { ContentDomain } from '@/content';
import { AwardsModule } from '@/awards/awards.module';
import { AwardItemDto } from '@/awards/dto/award-item.dto';
import { CertificationsModule } from '@/certifications/certifications.module';
import { CertificationItemDto } from '@/certifications/dto/certification-item.dto';
import { WorkEntryItemDto } from '@/experience/dto/work-entry-item.dto';
import { ExperienceModule } from '@/experience/experience.module';
import { ReplaceProfileDto } from '@/profile/dto/profile-input.dto';
import { ProfileModule } from '@/profile/profile.module';
import { ProjectItemDto } from '@/projects/dto/project-item.dto';
import { ProjectsModule } from '@/projects/projects.module';
import { SkillCategoryItemDto } from '@/skills/dto/skill-category-item.dto';
import { SkillsModule } from '@/skills/skills.module';

/** What the app is given of one content domain. */
interface PortfolioDomain {
  /** Its routes, service and storage. */
  readonly module: Class;
  /** The model of its part of a content document: the profile's, or each list item's. */
  readonly documentModel: Class;
  /** Its tables' entities, loaded on demand: they load TypeORM, which only a database needs (app.entities.ts). */
  readonly loadEntities: () => Promise<Class[]>;
}

/** The domains the portfolio is made of, in DOMAIN_DECLARATIONS' order: the app imports their modules in it. */
export const PORTFOLIO_DOMAINS: { readonly [D in ContentDomain]: PortfolioDomain } = {
  profile: {
    module: ProfileModule,
    documentModel: ReplaceProfileDto,
    loadEntities: async () => [(await import('../profile/entities/profile.entity.js')).ProfileEntity],
  },
  projects: {
    module: ProjectsModule,
    documentModel: ProjectItemDto,
    loadEntities: async () => [(await import('../projects/entities/project.entity.js')).ProjectEntity],
  },
  experience: {
    module: ExperienceModule,
    documentModel: WorkEntryItemDto,
    loadEntities: async () => [(await import('../experience/entities/work-entry.entity.js')).WorkEntryEntity],
  },
  skills: {
    module: SkillsModule,
    documentModel: SkillCategoryItemDto,
    loadEntities: async () => [
      (await import('../skills/entities/skill-category.entity.js')).SkillCategoryEntity,
      (await import('../skills/entities/skill.entity.js')).SkillEntity,
    ],
  },
  awards: {
    module: AwardsModule,
    documentModel: AwardItemDto,
    loadEntities: async () => [(await import('../awards/entities/award.entity.js')).AwardEntity],
  },
  certifications: {
    module: CertificationsModule,
    documentModel: CertificationItemDto,
    loadEntities: async () => [(await import('../certifications/entities/certification.entity.js')).CertificationEntity],
  },
};
