export interface WindowHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window closes. */
  resetInMs: number;
}

/** Counts hits per key in windows that open at the key's first hit (as @nestjs/throttler counts). */
export abstract class RateLimitStore {
  abstract hit(key: string, windowMs: number): Promise<WindowHit>;
}

interface Window {
  count: number;
  endsAt: number;
}

/**
 * One counter per key: O(1) per request however hard one client floods, unlike a store that
 * keeps a timestamp per hit. Expired windows are swept at most once per window length.
 */
export class InMemoryRateLimitStore extends RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    const now = this.now();
    this.sweepExpired(now, windowMs);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  get trackedKeys(): number {
    return this.windows.size;
  }

  private sweepExpired(now: number, windowMs: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + windowMs;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}
