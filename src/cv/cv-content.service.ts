import { Injectable } from '@nestjs/common';
import { ServedContent } from '@/content';
import { AwardsService } from '@/credentials/awards.service';
import { CertificationsService } from '@/credentials/certifications.service';
import { ExperienceService } from '@/experience/experience.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillsService } from '@/skills/skills.service';
import type { CvContent } from './cv-template';

/** The CV's content, read through the same services as the public reads. */
@Injectable()
export class CvContentService {
  constructor(
    private readonly served: ServedContent,
    private readonly projects: ProjectsService,
    private readonly experience: ExperienceService,
    private readonly skills: SkillsService,
    private readonly awards: AwardsService,
    private readonly certifications: CertificationsService,
  ) {}

  async current(): Promise<CvContent> {
    const [experience, projects, skills, certifications, awards] = await Promise.all([
      this.experience.findAll(),
      this.projects.findCards(),
      this.skills.findCategories(),
      this.certifications.findAll(),
      this.awards.findAll(),
    ]);
    const { name = '', headline, summary, location = '', email = '', website = '' } = this.served.document.profile ?? {};
    const none = { english: '', nederlands: '' };
    const profile = { name, location, email, website, headline: headline ?? none, summary: summary ?? none };
    return { profile, experience, projects, skills, certifications, awards };
  }
}
