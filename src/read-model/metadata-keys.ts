/** The route markers the read model reads: a controller's content domains, and which handlers are public reads. */
export const CONTENT_DOMAIN = 'content-domain';
export const PUBLIC_READ = 'public-read';
