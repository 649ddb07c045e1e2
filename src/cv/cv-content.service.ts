import { Injectable } from '@nestjs/common';
import { AwardsService } from '@/awards/awards.service';
import { CertificationsService } from '@/certifications/certifications.service';
import { ExperienceService } from '@/experience/experience.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillsService } from '@/skills/skills.service';
import type { CvLanguage } from './cv-language';
import type { CvContent } from './cv-template';

/** The CV's content, read through the same services as the public reads. */
@Injectable()
export class CvContentService {
  constructor(
    private readonly profile: ProfileService,
    private readonly projects: ProjectsService,
    private readonly experience: ExperienceService,
    private readonly skills: SkillsService,
    private readonly awards: AwardsService,
    private readonly certifications: CertificationsService,
  ) {}

  /** Each text in the CV's language where the owner wrote it, in English where not. */
  async current(lang: CvLanguage): Promise<CvContent> {
    const [profile, experience, projects, skills, certifications, awards] = await Promise.all([
      this.profile.findIfSet(),
      this.experience.findAll(lang),
      this.projects.findCards(lang),
      this.skills.findCategories(lang),
      this.certifications.findAll(lang),
      this.awards.findAll(lang),
    ]);
    return { profile, experience, projects, skills, certifications, awards };
  }
}
