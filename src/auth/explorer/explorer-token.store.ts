import { ServiceUnavailableException } from '@nestjs/common';
import type Redis from 'ioredis';

/** Issued explorer tokens until they expire. */
export abstract class ExplorerTokenStore {
  abstract save(token: string, ttlMs: number): Promise<void>;
  abstract isValid(token: string): Promise<boolean>;
}

/** An instance keeps at most this many live guest tokens; past it, the oldest go first. */
export const MAX_LIVE_TOKENS = 100_000;

/**
 * One process's tokens. Every token lives as long as the others, so the order they were issued in
 * is the order they expire in: issuing purges from the oldest end and stops at the first live one,
 * so an issue costs the same however many tokens are live. (The order is kept in an array, not
 * walked off the Map: a Map iterates over the holes its deletions leave until it rehashes.)
 */
export class InMemoryExplorerTokenStore extends ExplorerTokenStore {
  private readonly expiries = new Map<string, number>();
  private issued: string[] = [];
  private oldest = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly capacity = MAX_LIVE_TOKENS,
  ) {
    super();
  }

  async save(token: string, ttlMs: number): Promise<void> {
    this.purgeOldest();
    this.expiries.set(token, this.now() + ttlMs);
    this.issued.push(token);
  }

  async isValid(token: string): Promise<boolean> {
    const expiresAt = this.expiries.get(token);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.expiries.delete(token);
    return false;
  }

  get size(): number {
    return this.expiries.size;
  }

  /** Drops expired tokens from the oldest end, and the oldest live ones while the store is full. */
  private purgeOldest(): void {
    const now = this.now();
    while (this.oldest < this.issued.length) {
      const token = this.issued[this.oldest];
      const expiresAt = this.expiries.get(token);
      if (expiresAt !== undefined && expiresAt > now && this.expiries.size < this.capacity) break;
      this.expiries.delete(token);
      this.oldest += 1;
    }
    if (this.oldest > 1024 && this.oldest * 2 > this.issued.length) {
      this.issued = this.issued.slice(this.oldest);
      this.oldest = 0;
    }
  }
}

/**
 * Shared by every instance; Redis expires the keys itself. While Redis is unreachable, issuing
 * and checking tokens answer 503 at once: a token another instance issued cannot be vouched for.
 */
export class RedisExplorerTokenStore extends ExplorerTokenStore {
  constructor(private readonly redis: Redis) {
    super();
  }

  async save(token: string, ttlMs: number): Promise<void> {
    await this.call(() => this.redis.set(keyOf(token), '1', 'PX', ttlMs));
  }

  async isValid(token: string): Promise<boolean> {
    return (await this.call(() => this.redis.exists(keyOf(token)))) === 1;
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new ServiceUnavailableException({ detail: 'Explorer tokens are unavailable; try again shortly' });
    }
  }
}

const keyOf = (token: string): string => `explorer-token:${token}`;
