import { DEMO_CONTENT } from '@/content';
import type { AwardDto } from '@/awards/dto/award.dto';
import type { CertificationDto } from '@/certifications/dto/certification.dto';
import type { WorkEntryDto } from '@/experience/dto/work-entry.dto';
import type { ProjectDetailDto } from '@/projects/dto/project-detail.dto';
import type { SkillCategoryDto } from '@/skills/dto/skill-category.dto';

/** An item as an English read answers it: its own fields, without the translations. */
const inEnglish = <T extends { translations?: unknown }>({ translations: _translations, ...read }: T) => read;

/**
 * The built-in data set as the public reads answer it in English. Its items give every field, so
 * they are the read shapes already, but for their translations and for certifications: no
 * externalId, and syncEnabled always.
 */
export const DEMO = {
  projects: DEMO_CONTENT.projects.map(inEnglish) as Omit<ProjectDetailDto, 'navigation'>[],
  experience: DEMO_CONTENT.experience.map(inEnglish) as WorkEntryDto[],
  skills: DEMO_CONTENT.skills.map(inEnglish) as SkillCategoryDto[],
  awards: DEMO_CONTENT.awards.map(inEnglish) as AwardDto[],
  certifications: DEMO_CONTENT.certifications.map(({ externalId: _externalId, syncEnabled = true, ...read }) => ({
    ...inEnglish(read),
    syncEnabled,
  })) as CertificationDto[],
};
