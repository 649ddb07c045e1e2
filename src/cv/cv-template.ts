import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCE_ROOT } from '@/source-root';
import type { AwardDto } from '@/awards/dto/award.dto';
import type { CertificationDto } from '@/certifications/dto/certification.dto';
import type { WorkEntryDto } from '@/experience/dto/work-entry.dto';
import type { ProfileDto } from '@/profile/dto/profile.dto';
import type { ProjectCardDto } from '@/projects/dto/project-card.dto';
import type { SkillCategoryDto } from '@/skills/dto/skill-category.dto';
import { cvLabels } from './cv-labels';
import type { CvLanguage } from './cv-language';

/** cv-templates/ at the repository root; the build copies it to dist/cv-templates. */
export const CV_TEMPLATES_DIR = join(SOURCE_ROOT, '..', 'cv-templates');

/** Everything a CV shows, as the public reads answer it right now. */
export interface CvContent {
  /** null while the owner has set none: the CV then starts with the experience. */
  profile: ProfileDto | null;
  experience: WorkEntryDto[];
  projects: ProjectCardDto[];
  skills: SkillCategoryDto[];
  certifications: CertificationDto[];
  awards: AwardDto[];
}

const list = (items: readonly string[]): string => items.join(' · ');
const monthOf = (iso: string | null): string | null => iso?.slice(0, 7) ?? null;

/**
 * cv.hbs with cv.css inlined, rendered to one self-contained HTML page per language. Handlebars is
 * loaded and the template compiled with the first CV: a service that never renders one never pays.
 */
export class CvTemplate {
  private compiled: Promise<{ render: HandlebarsTemplateDelegate; css: string }> | undefined;

  constructor(private readonly directory = CV_TEMPLATES_DIR) {}

  private template(): Promise<{ render: HandlebarsTemplateDelegate; css: string }> {
    this.compiled ??= import('handlebars').then(({ default: Handlebars }) => ({
      render: Handlebars.create().compile(readFileSync(join(this.directory, 'cv.hbs'), 'utf8')),
      css: readFileSync(join(this.directory, 'cv.css'), 'utf8'),
    }));
    return this.compiled;
  }

  async html(lang: CvLanguage, content: CvContent): Promise<string> {
    const { render, css } = await this.template();
    const { profile } = content;
    return render({
      css,
      labels: cvLabels(lang),
      profile: profile && {
        name: profile.name,
        headline: profile.headline[lang],
        summary: profile.summary[lang],
        // A website prints as people write it on paper: without its scheme.
        contact: [
          profile.location,
          profile.email,
          profile.website.replace(/^https?:\/\//, ''),
          ...profile.links.map((link) => `${link.label} ${link.url}`),
        ].filter(Boolean),
      },
      experience: content.experience.map((entry) => ({ ...entry, technologies: list(entry.technologies) })),
      projects: content.projects.map((project) => ({ ...project, technologies: list(project.technologies) })),
      skills: content.skills.map((category) => ({ title: category.title, names: list(category.skills.map((skill) => skill.name)) })),
      certifications: content.certifications.map((certification) => ({
        title: certification.title,
        issuedAt: monthOf(certification.issuedAt),
        expiresAt: monthOf(certification.expiresAt),
      })),
      awards: content.awards,
    });
  }
}
