import { CONTENT_DOMAINS, type ContentDomain, DEFAULT_LANGUAGE, DOMAIN_DECLARATIONS, LANGUAGE_TAGS } from '@/content';
import type { CvLanguage } from './cv-language';

/** The fixed words the CV template prints besides its sections' headings (each domain declares its own). */
export interface CvLabels {
  /** The document's title, after the person's name. */
  document: string;
  issued: string;
  expires: string;
}

/** A language's labels; a language added to the list before its labels are written reads the default's. */
const CV_LABELS: Partial<Record<CvLanguage, CvLabels>> & Record<typeof DEFAULT_LANGUAGE, CvLabels> = {
  english: { document: 'Curriculum vitae', issued: 'issued', expires: 'valid until' },
  nederlands: { document: 'Curriculum vitae', issued: 'behaald', expires: 'geldig tot' },
};

/** What the CV of `lang` prints: its labels, the language its page declares, and each section's heading. */
export const cvWords = (lang: CvLanguage): { labels: CvLabels & { htmlLang: string }; headings: Record<ContentDomain, string> } => ({
  labels: { ...(CV_LABELS[lang] ?? CV_LABELS[DEFAULT_LANGUAGE]), htmlLang: LANGUAGE_TAGS[lang] },
  headings: Object.fromEntries(
    CONTENT_DOMAINS.map((domain) => {
      const heading: Partial<Record<CvLanguage, string>> = DOMAIN_DECLARATIONS[domain].cvHeading;
      return [domain, heading[lang] ?? heading[DEFAULT_LANGUAGE]];
    }),
  ) as Record<ContentDomain, string>,
});
