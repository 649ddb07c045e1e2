import type { CvLanguage } from './cv-language';

/** Every fixed word the CV template prints, per language. */
export interface CvLabels {
  htmlLang: string;
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

export const CV_LABELS: Record<CvLanguage, CvLabels> = {
  english: {
    htmlLang: 'en',
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
    htmlLang: 'nl',
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
