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

/**
 * Every public JSON read, in its default language, a project's detail for the details: the routes
 * where the service is compared with (a), (a′) and (b), which answer them with the service's own bodies.
 */
export const COMPARED_ROUTES: readonly string[] = PUBLIC_READ_PATHS.filter((path) => !path.includes('?') && !path.startsWith('/api/site/'));
