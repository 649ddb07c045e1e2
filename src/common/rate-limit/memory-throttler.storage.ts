import type { ThrottlerStorage } from '@nestjs/throttler';
import { type ThrottlerStorageRecord, windowRecord } from './window-counter';

interface Window {
  hits: number;
  endsAt: number;
}

/**
 * One counter per key and window, opened at the key's first hit: O(1) per request however hard
 * one client floods, unlike the throttler's stock storage, which keeps a record per hit.
 * Closed windows are swept at most once per window length, so memory follows the active clients.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    return this.hit(key, ttl, limit);
  }

  /** The synchronous core, for callers that must not wait (the Redis storage's fallback). */
  hit(key: string, ttl: number, limit: number): ThrottlerStorageRecord {
    const now = this.now();
    this.sweepClosed(now, ttl);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { hits: 0, endsAt: now + ttl };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return windowRecord(window.hits, window.endsAt - now, limit);
  }

  get trackedKeys(): number {
    return this.windows.size;
  }

  private sweepClosed(now: number, ttl: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + ttl;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}
