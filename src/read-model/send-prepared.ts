import type { Request, Response } from 'express';
import type { BodyEncoding, PreparedBody } from './prepared-body';

/** Content changes rarely: caches keep it, and ask again with the ETag every time. */
export const CACHE_CONTROL = 'public, no-cache';

const ENCODINGS: BodyEncoding[] = ['br', 'gzip', 'identity'];

/**
 * Sends a prepared JSON body: 304 when If-None-Match names its ETag, otherwise the variant
 * Accept-Encoding prefers, with Content-Length, ETag, Cache-Control and Vary.
 */
export function sendPrepared(req: Request, res: Response, body: PreparedBody): void {
  res.setHeader('ETag', body.etag);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.setHeader('Vary', 'Accept-Encoding');
  if (matchesEtag(req.headers['if-none-match'], body.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = req.headers['accept-encoding'] ? ((req.acceptsEncodings(ENCODINGS) || 'identity') as BodyEncoding) : 'identity';
  const bytes = body.encoded(encoding);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

/** RFC 9110's weak comparison, as If-None-Match asks: W/ prefixes do not matter, `*` matches. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
