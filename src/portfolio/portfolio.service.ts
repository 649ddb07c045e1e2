import { Injectable } from '@nestjs/common';
import type { ContentDocument } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { AwardsService } from '@/credentials/awards.service';
import { CertificationsService } from '@/credentials/certifications.service';
import { ExperienceService } from '@/experience/experience.service';
import { ProjectsService } from '@/projects/projects.service';
import { SkillsService } from '@/skills/skills.service';

/** Instances that start together on one empty database seed it once: the first takes this lock. */
const SEED_LOCK = 'portfolio-content-seed';

/** The whole portfolio at once: every content domain, through its service. */
@Injectable()
export class PortfolioService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly experience: ExperienceService,
    private readonly skills: SkillsService,
    private readonly awards: AwardsService,
    private readonly certifications: CertificationsService,
    private readonly transactions: ContentTransactions,
  ) {}

  /** Fills the store from the document when it holds no content at all; answers whether it did. */
  seedIfEmpty(document: ContentDocument): Promise<boolean> {
    return this.transactions.run(
      async () => {
        if (!(await this.isEmpty())) return false;
        await this.replaceAll(document);
        return true;
      },
      { lock: SEED_LOCK },
    );
  }

  /** One domain after the other: inside a transaction they share one connection. */
  private async isEmpty(): Promise<boolean> {
    for (const domain of [this.projects, this.experience, this.skills, this.awards, this.certifications]) {
      if (!(await domain.isEmpty())) return false;
    }
    return true;
  }

  private async replaceAll(document: ContentDocument): Promise<void> {
    await this.projects.replaceAll(document.projects);
    await this.experience.replaceAll(document.experience);
    await this.skills.replaceAll(document.skills);
    await this.awards.replaceAll(document.awards);
    await this.certifications.replaceAll(document.certifications);
  }
}
