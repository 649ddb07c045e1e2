import type { RateLimitSpec } from './rate-limit.decorator';
import type { WindowStorage } from './window-storage';

/** The count's outcome: whether the client is over its limit, and the headers its answer carries. */
export interface CountedHit {
  overLimit: boolean;
  /** Names and values in one list, as Node's writeHead() takes them. */
  headers: (string | number)[];
}

/**
 * What the throttler's guard does for one request, for the public-read edge, which answers before
 * Nest's pipeline: one hit in the same storage under the same key, and the same headers
 * (X-RateLimit-* while within the limit; Retry-After, in whole seconds, once over it).
 */
export async function countHit(storage: WindowStorage, key: string, { limit, ttl }: RateLimitSpec): Promise<CountedHit> {
  const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await storage.increment(key, ttl, limit);
  if (isBlocked) return { overLimit: true, headers: ['Retry-After', timeToBlockExpire] };
  return {
    overLimit: false,
    headers: ['X-RateLimit-Limit', limit, 'X-RateLimit-Remaining', Math.max(0, limit - totalHits), 'X-RateLimit-Reset', timeToExpire],
  };
}
