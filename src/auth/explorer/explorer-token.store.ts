import { ServiceUnavailableException } from '@nestjs/common';
import type Redis from 'ioredis';

/** Issued explorer tokens until they expire. */
export abstract class ExplorerTokenStore {
  abstract save(token: string, ttlMs: number): Promise<void>;
  abstract isValid(token: string): Promise<boolean>;
}

/** One process's tokens; expired ones are purged as new ones are issued. */
export class InMemoryExplorerTokenStore extends ExplorerTokenStore {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  async save(token: string, ttlMs: number): Promise<void> {
    this.purgeExpired();
    this.expiries.set(token, this.now() + ttlMs);
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

  private purgeExpired(): void {
    const now = this.now();
    for (const [token, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(token);
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
