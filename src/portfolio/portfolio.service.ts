import { Injectable } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import type { ContentDocument } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { AwardsService } from '@/awards/awards.service';
import { CertificationsService } from '@/certifications/certifications.service';
import { ExperienceService } from '@/experience/experience.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillsService } from '@/skills/skills.service';
import { duplicateKeys } from './duplicate-keys';
import type { ContentCountsDto } from './dto/content-document.dto';

/**
 * Replacing all content (an import, the seed) runs one at a time across instances: two imports at
 * once never merge, and instances that start together on one empty database seed it once.
 */
const REPLACE_ALL_LOCK = 'portfolio-content-replace-all';

/** The whole portfolio at once: every content domain, through its service. */
@Injectable()
export class PortfolioService {
  constructor(
    private readonly profile: ProfileService,
    private readonly projects: ProjectsService,
    private readonly experience: ExperienceService,
    private readonly skills: SkillsService,
    private readonly awards: AwardsService,
    private readonly certifications: CertificationsService,
    private readonly transactions: ContentTransactions,
  ) {}

  /** The current content as one document, each list in display order. */
  async export(): Promise<ContentDocument> {
    const [profile, projects, experience, skills, awards, certifications] = await Promise.all([
      this.profile.exportItem(),
      this.projects.exportItems(),
      this.experience.exportItems(),
      this.skills.exportItems(),
      this.awards.exportItems(),
      this.certifications.exportItems(),
    ]);
    return { version: 1, profile, projects, experience, skills, awards, certifications };
  }

  /** Replaces all content with the document's, in one transaction: all of it, or nothing. */
  async import(document: ContentDocument): Promise<ContentCountsDto> {
    const duplicates = duplicateKeys(document);
    if (duplicates.length > 0) throw new RequestValidationException(duplicates.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] })));
    await this.transactions.run(() => this.replaceAll(document), { lock: REPLACE_ALL_LOCK });
    return {
      profile: document.profile ? 1 : 0,
      projects: document.projects.length,
      experience: document.experience.length,
      skills: document.skills.length,
      awards: document.awards.length,
      certifications: document.certifications.length,
    };
  }

  /** Fills the store from the document when it holds no content at all; answers whether it did. */
  seedIfEmpty(document: ContentDocument): Promise<boolean> {
    return this.transactions.run(
      async () => {
        if (!(await this.isEmpty())) return false;
        await this.replaceAll(document);
        return true;
      },
      { lock: REPLACE_ALL_LOCK },
    );
  }

  /** One domain after the other: inside a transaction they share one connection. */
  private async isEmpty(): Promise<boolean> {
    for (const domain of [this.profile, this.projects, this.experience, this.skills, this.awards, this.certifications]) {
      if (!(await domain.isEmpty())) return false;
    }
    return true;
  }

  private async replaceAll(document: ContentDocument): Promise<void> {
    await this.profile.replaceWith(document.profile);
    await this.projects.replaceAll(document.projects);
    await this.experience.replaceAll(document.experience);
    await this.skills.replaceAll(document.skills);
    await this.awards.replaceAll(document.awards);
    await this.certifications.replaceAll(document.certifications);
  }
}
