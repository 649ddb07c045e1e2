import { type ThrottlerStorageRecord, windowRecord, WindowStorage } from './window-storage';

interface Window {
  hits: number;
  endsAt: number;
}

/** How often closed windows are swept: a key goes within this long of its window's end. */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * One counter per key and window, opened at the key's first hit: O(1) per request however hard
 * one client floods, unlike the throttler's stock storage, which keeps a record per hit.
 * Windows are kept per length, each length's in the order they opened, which is the order they
 * close in: a sweep drops closed windows from the oldest end and stops at the first open one,
 * so memory follows the active clients and one long window delays no other key's going.
 */
export class MemoryThrottlerStorage extends WindowStorage {
  private readonly windowsByLength = new Map<number, Map<string, Window>>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    return this.hit(key, ttl, limit);
  }

  async peek(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord | null> {
    return this.look(key, ttl, limit);
  }

  /** One instance's memory is every instance's where it is the only store. */
  async firstUse(key: string, ttl: number): Promise<boolean> {
    return this.hit(key, ttl, 1).totalHits === 1;
  }

  /** The synchronous core, for callers that must not wait (the Redis storage's fallback). */
  hit(key: string, ttl: number, limit: number): ThrottlerStorageRecord {
    const now = this.now();
    this.sweepClosed(now);
    const windows = this.windowsOf(ttl);
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      windows.delete(key); // a reopened window moves to the newest end
      window = { hits: 0, endsAt: now + ttl };
      windows.set(key, window);
    }
    window.hits += 1;
    return windowRecord(window.hits, window.endsAt - now, limit);
  }

  look(key: string, ttl: number, limit: number): ThrottlerStorageRecord | null {
    const now = this.now();
    const window = this.windowsByLength.get(ttl)?.get(key);
    return window && window.endsAt > now ? windowRecord(window.hits, window.endsAt - now, limit) : null;
  }

  get trackedKeys(): number {
    let keys = 0;
    for (const windows of this.windowsByLength.values()) keys += windows.size;
    return keys;
  }

  private windowsOf(ttl: number): Map<string, Window> {
    let windows = this.windowsByLength.get(ttl);
    if (!windows) {
      windows = new Map();
      this.windowsByLength.set(ttl, windows);
    }
    return windows;
  }

  private sweepClosed(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const windows of this.windowsByLength.values()) {
      for (const [key, window] of windows) {
        if (window.endsAt > now) break;
        windows.delete(key);
      }
    }
  }
}
