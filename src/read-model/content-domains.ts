/**
 * The content a public read is prepared from. A change to a domain (through the API, the sync or
 * SQL typed by hand: database triggers announce them) invalidates every answer prepared from it.
 */
export const CONTENT_DOMAINS = ['profile', 'projects', 'experience', 'skills', 'awards', 'certifications'] as const;

export type ContentDomain = (typeof CONTENT_DOMAINS)[number];

export const isContentDomain = (value: string): value is ContentDomain => (CONTENT_DOMAINS as readonly string[]).includes(value);
