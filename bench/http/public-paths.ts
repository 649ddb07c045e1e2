/** What visitors and crawlers read: every public list, a detail, a list in Dutch, the profile and the sitemap. */
export const PUBLIC_READ_PATHS: readonly string[] = [
  '/api/projects',
  '/api/projects?lang=nederlands',
  '/api/projects/tidewatch',
  '/api/experience',
  '/api/skills',
  '/api/awards',
  '/api/certifications',
  '/api/profile',
  '/api/site/sitemap.xml',
];
