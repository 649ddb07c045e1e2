import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCE_ROOT } from '@/source-root';
import type { ContentDomain } from '@/content';
import type { ProfileDto } from '@/profile/dto/profile.dto';
import { cvWords } from './cv-labels';
import type { CvLanguage } from './cv-language';

/** cv-templates/ at the repository root; the build copies it to dist/cv-templates. */
export const CV_TEMPLATES_DIR = join(SOURCE_ROOT, '..', 'cv-templates');

/** Everything a CV shows: each domain as its public read answers it right now (the profile null while none is set). */
export type CvContent = { readonly [D in ContentDomain]: unknown } & { readonly profile: ProfileDto | null };

/** The template's helpers: a list as one line, and a date as its month. */
const HELPERS = {
  list: (items: readonly unknown[], property?: unknown) =>
    items.map((item) => (typeof property === 'string' ? (item as Record<string, unknown>)[property] : item)).join(' · '),
  month: (iso: string | null) => iso?.slice(0, 7) ?? '',
};

/**
 * cv.hbs with cv.css inlined, rendered to one self-contained HTML page per language. Handlebars is
 * loaded and the template compiled with the first CV: a service that never renders one never pays.
 */
export class CvTemplate {
  private compiled: Promise<{ render: HandlebarsTemplateDelegate; css: string }> | undefined;

  constructor(private readonly directory = CV_TEMPLATES_DIR) {}

  private template(): Promise<{ render: HandlebarsTemplateDelegate; css: string }> {
    this.compiled ??= import('handlebars').then(({ default: Handlebars }) => ({
      render: withHelpers(Handlebars.create()).compile(readFileSync(join(this.directory, 'cv.hbs'), 'utf8')),
      css: readFileSync(join(this.directory, 'cv.css'), 'utf8'),
    }));
    return this.compiled;
  }

  async html(lang: CvLanguage, content: CvContent): Promise<string> {
    const { render, css } = await this.template();
    const { profile } = content;
    return render({
      css,
      ...cvWords(lang),
      ...content,
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
    });
  }
}

function withHelpers(handlebars: typeof import('handlebars')): typeof import('handlebars') {
  for (const [name, helper] of Object.entries(HELPERS)) handlebars.registerHelper(name, helper);
  return handlebars;
}
