import { type Language, LANGUAGES } from '@/content';

/** The CV's languages: the content's. */
export const CV_LANGUAGES = LANGUAGES;
export type CvLanguage = Language;

/** The shipped file for a language, in CV_DIR. */
export const cvFileName = (lang: CvLanguage): string => `cv-${lang}.pdf`;
