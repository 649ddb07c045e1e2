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

/** What the app is given of one content domain (its tables stay in app.entities.ts: they load TypeORM, only with a database). */
interface PortfolioDomain {
  /** Its routes, service and storage. */
  readonly module: Class;
  /** The model of its part of a content document: the profile's, or each list item's. */
  readonly documentModel: Class;
}

/** The domains the portfolio is made of, in DOMAIN_DECLARATIONS' order: the app imports their modules in it. */
export const PORTFOLIO_DOMAINS: { readonly [D in ContentDomain]: PortfolioDomain } = {
  profile: { module: ProfileModule, documentModel: ReplaceProfileDto },
  projects: { module: ProjectsModule, documentModel: ProjectItemDto },
  experience: { module: ExperienceModule, documentModel: WorkEntryItemDto },
  skills: { module: SkillsModule, documentModel: SkillCategoryItemDto },
  awards: { module: AwardsModule, documentModel: AwardItemDto },
  certifications: { module: CertificationsModule, documentModel: CertificationItemDto },
};
