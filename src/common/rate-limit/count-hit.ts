import type { Response } from 'express';
import type { RateLimitSpec } from './rate-limit.decorator';
import type { WindowStorage } from './window-storage';

/**
 * What the throttler's guard does for one request, for the public-read edge, which answers before
 * Nest's pipeline: one hit in the same storage under the same key, and the same headers
 * (X-RateLimit-* while within the limit; Retry-After, in whole seconds, once over it). Answers
 * whether the client is over its limit.
 */
export async function countHit(storage: WindowStorage, res: Response, key: string, { limit, ttl }: RateLimitSpec): Promise<boolean> {
  const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await storage.increment(key, ttl, limit);
  if (isBlocked) {
    res.setHeader('Retry-After', timeToBlockExpire);
    return true;
  }
  res.setHeader('X-RateLimit-Limit', limit);
  res.setHeader('X-RateLimit-Remaining', Math.max(0, limit - totalHits));
  res.setHeader('X-RateLimit-Reset', timeToExpire);
  return false;
}
