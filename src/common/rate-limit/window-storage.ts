import type { ThrottlerStorage } from '@nestjs/throttler';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * What the throttler's guard expects of a fixed window that holds `hits` and closes in `resetInMs`.
 * The block lasts until the window closes (whatever the block duration), so Retry-After is the
 * time to the window's end in whole seconds, rounded up and at least 1.
 */
export function windowRecord(hits: number, resetInMs: number, limit: number): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: seconds };
}
