import { CONTENT_SOURCES } from '@/content-store/content-attribution';

/** What a revision's change was made by: a source the service attributes, or "database" (any other writer). */
export const REVISION_SOURCES = [...CONTENT_SOURCES, 'database'] as const;

export type RevisionSource = (typeof REVISION_SOURCES)[number];

/** The CHECK constraint of the tables that name a source. */
export const REVISION_SOURCE_CHECK = `"source" IN (${REVISION_SOURCES.map((source) => `'${source}'`).join(', ')})`;
