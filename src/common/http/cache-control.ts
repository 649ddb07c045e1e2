import type { IncomingMessage, ServerResponse } from 'node:http';

/** For the one who asked alone, kept by no cache: admin answers, previews, errors and 429s. */
export const PRIVATE = 'private, no-store';

/** What an answer whose route says nothing of caching carries: health, metrics, flags, the CV status, the explorer. */
export const NOT_STORED = 'no-store';

/** For the one who asked alone, who may keep it and ask again with its ETag: a CV download, each one counted. */
export const PRIVATE_REVALIDATED = 'private, no-cache';

/**
 * Every answer says how it may be cached: this one unless its route sets its own, so no cache in
 * front (whose default keeps what is unmarked) keeps what the service did not mark shareable.
 */
export function notStoredUnlessSaid(_req: IncomingMessage, res: ServerResponse, next: () => void): void {
  res.setHeader('Cache-Control', NOT_STORED);
  next();
}
