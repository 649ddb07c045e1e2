/** The CV's languages, as the API names them. */
export const CV_LANGUAGES = ['english', 'nederlands'] as const;
export type CvLanguage = (typeof CV_LANGUAGES)[number];

export const DEFAULT_CV_LANGUAGE: CvLanguage = 'english';

/** The shipped file for a language, in CV_DIR. */
export const cvFileName = (lang: CvLanguage): string => `cv-${lang}.pdf`;
