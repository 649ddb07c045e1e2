import type { ThrottlerStorage } from '@nestjs/throttler';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Fixed windows per key, opened at the key's first hit: the throttler's storage, and the
 * failed-credential limit's, which also needs to look at a window without counting a hit.
 */
export abstract class WindowStorage implements ThrottlerStorage {
  abstract increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord>;

  /** The key's open window as `increment` would describe it, without a hit; null when none is open. */
  abstract peek(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord | null>;

  /**
   * Whether this is the key's first use within `ttl` across every instance: for what may be spent
   * once (a solved challenge). Where that cannot be told now (the shared store is down) it is 503,
   * never counted in one instance's memory, which would take it once per instance.
   */
  abstract firstUse(key: string, ttl: number): Promise<boolean>;
}

/**
 * What the throttler's guard expects of a fixed window that holds `hits` and closes in `resetInMs`.
 * The block lasts until the window closes (whatever the block duration), so Retry-After is the
 * time to the window's end in whole seconds, rounded up and at least 1.
 */
export function windowRecord(hits: number, resetInMs: number, limit: number): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: seconds };
}
