import { DEFAULT_LANGUAGE, LANGUAGE_TAGS } from '@/content';
import type { CvLanguage } from './cv-language';

/** Every fixed word the CV template prints, per language. */
export interface CvLabels {
  /** The document's title, after the person's name. */
  document: string;
  experience: string;
  projects: string;
  skills: string;
  certifications: string;
  awards: string;
  profile: string;
  issued: string;
  expires: string;
}

/** A language's labels; a language added to the list before its labels are written reads the default's. */
const CV_LABELS: Partial<Record<CvLanguage, CvLabels>> & Record<typeof DEFAULT_LANGUAGE, CvLabels> = {
  english: {
    document: 'Curriculum vitae',
    profile: 'Profile',
    experience: 'Work experience',
    projects: 'Selected projects',
    skills: 'Skills',
    certifications: 'Certifications',
    awards: 'Awards',
    issued: 'issued',
    expires: 'valid until',
  },
  nederlands: {
    document: 'Curriculum vitae',
    profile: 'Profiel',
    experience: 'Werkervaring',
    projects: 'Geselecteerde projecten',
    skills: 'Vaardigheden',
    certifications: 'Certificeringen',
    awards: 'Prijzen',
    issued: 'behaald',
    expires: 'geldig tot',
  },
};

/** What the CV of `lang` prints: its labels, and the language its page declares. */
export const cvLabels = (lang: CvLanguage): CvLabels & { htmlLang: string } => ({
  ...(CV_LABELS[lang] ?? CV_LABELS[DEFAULT_LANGUAGE]),
  htmlLang: LANGUAGE_TAGS[lang],
});
