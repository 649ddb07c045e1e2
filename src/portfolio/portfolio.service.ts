import { Injectable } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import type { ContentDocument } from '@/content';
import type { ContentSource } from '@/content-store/content-attribution';
import { ContentTransactions } from '@/content-store/content-transactions';
import { AwardsService } from '@/awards/awards.service';
import { CertificationsService } from '@/certifications/certifications.service';
import { ExperienceService } from '@/experience/experience.service';
import { ProfileService } from '@/profile/profile.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillsService } from '@/skills/skills.service';
import { CONTENT_DOMAINS, type ContentDomain } from '@/read-model/content-domains';
import { documentIssues } from './document-rules';
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
    return { version: 1, ...(await this.exportParts(CONTENT_DOMAINS)) };
  }

  /**
   * The parts of the document that hold these domains (the document's keys are the domains'
   * names). One domain after the other: inside a transaction they share one connection.
   */
  async exportParts<D extends ContentDomain>(domains: readonly D[]): Promise<Pick<ContentDocument, D>> {
    const parts: Partial<Pick<ContentDocument, D>> = {};
    for (const domain of domains) parts[domain] = await this.exporters[domain]();
    return parts as Pick<ContentDocument, D>;
  }

  private readonly exporters: { [D in ContentDomain]: () => Promise<ContentDocument[D]> } = {
    profile: () => this.profile.exportItem(),
    projects: () => this.projects.exportItems(),
    experience: () => this.experience.exportItems(),
    skills: () => this.skills.exportItems(),
    awards: () => this.awards.exportItems(),
    certifications: () => this.certifications.exportItems(),
  };

  /**
   * Replaces all content with the document's, in one transaction: all of it, or nothing. The
   * history records it as made by `source`: an import, or a restore of an earlier revision.
   */
  async import(document: ContentDocument, source: Extract<ContentSource, 'import' | 'restore'> = 'import'): Promise<ContentCountsDto> {
    const issues = documentIssues(document);
    if (issues.length > 0) throw new RequestValidationException(issues.map((issue) => ({ ...issue, loc: ['body', ...issue.loc] })));
    await this.transactions.run(() => this.replaceAll(document), { lock: REPLACE_ALL_LOCK, source });
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
      { lock: REPLACE_ALL_LOCK, source: 'seed' },
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
