import { DEMO_CONTENT } from '@/content';
import type { AwardDto } from '@/awards/dto/award.dto';
import type { CertificationDto } from '@/certifications/dto/certification.dto';
import type { WorkEntryDto } from '@/experience/dto/work-entry.dto';
import type { ProjectDetailDto } from '@/projects/dto/project-detail.dto';
import type { SkillCategoryDto } from '@/skills/dto/skill-category.dto';

/**
 * The built-in data set as the public reads answer it. Its items give every field, so they are
 * the read shapes already, but for certifications: no externalId, and syncEnabled always.
 */
export const DEMO = {
  projects: DEMO_CONTENT.projects as Omit<ProjectDetailDto, 'navigation'>[],
  experience: DEMO_CONTENT.experience as WorkEntryDto[],
  skills: DEMO_CONTENT.skills as SkillCategoryDto[],
  awards: DEMO_CONTENT.awards as AwardDto[],
  certifications: DEMO_CONTENT.certifications.map(({ externalId: _externalId, syncEnabled = true, ...read }) => ({
    ...read,
    syncEnabled,
  })) as CertificationDto[],
};
