import type Redis from 'ioredis';

/** Issued explorer tokens until they expire. Nest closes the store when the app shuts down. */
export abstract class ExplorerTokenStore {
  abstract save(token: string, ttlMs: number): Promise<void>;
  abstract isValid(token: string): Promise<boolean>;
  abstract onModuleDestroy(): Promise<void>;
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

  async onModuleDestroy(): Promise<void> {}

  get size(): number {
    return this.expiries.size;
  }

  private purgeExpired(): void {
    const now = this.now();
    for (const [token, expiresAt] of this.expiries) if (expiresAt <= now) this.expiries.delete(token);
  }
}

/** Shared by every instance; Redis expires the keys itself. */
export class RedisExplorerTokenStore extends ExplorerTokenStore {
  constructor(private readonly redis: Redis) {
    super();
  }

  async save(token: string, ttlMs: number): Promise<void> {
    await this.redis.set(keyOf(token), '1', 'PX', ttlMs);
  }

  async isValid(token: string): Promise<boolean> {
    return (await this.redis.exists(keyOf(token))) === 1;
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit();
  }
}

const keyOf = (token: string): string => `explorer-token:${token}`;
