import { Logger, ServiceUnavailableException } from '@nestjs/common';
import type Redis from 'ioredis';
import type { MemoryThrottlerStorage } from './memory-throttler.storage';
import { type ThrottlerStorageRecord, windowRecord, WindowStorage } from './window-storage';

/** INCR opens the window at the first hit and PEXPIRE closes it; one round trip, atomic in Redis. */
const HIT_WINDOW = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }`;

/** The window's hits and time left, in one round trip; PTTL is negative when no window is open. */
const PEEK_WINDOW = `return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]) }`;

/** After a failed call, how long counting stays in memory before Redis is tried again. */
const RETRY_REDIS_AFTER_MS = 2_000;

type RedisWithWindows = Redis & {
  hitWindow(key: string, ttlMs: number): Promise<[number, number]>;
  peekWindow(key: string): Promise<[number, number]>;
};

/**
 * Counts in Redis, so every instance shares one budget per client and route. While Redis fails,
 * each instance counts a limit in its own memory and says so once in the log: a request never
 * fails, nor waits long, because Redis did. What may be used once is the exception (firstUse).
 */
export class RedisThrottlerStorage extends WindowStorage {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly redis: RedisWithWindows;
  private redisRetryAt = 0;

  constructor(
    redis: Redis,
    private readonly fallback: MemoryThrottlerStorage,
  ) {
    super();
    redis.defineCommand('hitWindow', { numberOfKeys: 1, lua: HIT_WINDOW });
    redis.defineCommand('peekWindow', { numberOfKeys: 1, lua: PEEK_WINDOW });
    this.redis = redis as RedisWithWindows;
  }

  increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    return this.shared(
      async () => {
        const [hits, resetInMs] = await this.redis.hitWindow(keyOf(key), ttl);
        return windowRecord(hits, resetInMs, limit);
      },
      () => this.fallback.hit(key, ttl, limit),
    );
  }

  peek(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord | null> {
    return this.shared(
      async () => {
        const [hits, resetInMs] = await this.redis.peekWindow(keyOf(key));
        return resetInMs > 0 ? windowRecord(hits, resetInMs, limit) : null;
      },
      () => this.fallback.look(key, ttl, limit),
    );
  }

  async firstUse(key: string, ttl: number): Promise<boolean> {
    try {
      const [hits] = await this.redis.hitWindow(keyOf(key), ttl);
      return hits === 1;
    } catch (error) {
      this.onFailure(error);
      throw new ServiceUnavailableException({ detail: 'What may be used once cannot be checked now; try again shortly' });
    }
  }

  private async shared<T>(inRedis: () => Promise<T>, inMemory: () => T): Promise<T> {
    if (Date.now() < this.redisRetryAt) return inMemory();
    try {
      const result = await inRedis();
      if (this.redisRetryAt !== 0) this.onRecovered();
      return result;
    } catch (error) {
      this.onFailure(error);
      return inMemory();
    }
  }

  private onFailure(error: unknown): void {
    if (this.redisRetryAt === 0) {
      this.logger.warn({ event: 'rate_limit_fallback', detail: 'Redis failed; counting per instance', error: String(error) });
    }
    this.redisRetryAt = Date.now() + RETRY_REDIS_AFTER_MS;
  }

  private onRecovered(): void {
    this.redisRetryAt = 0;
    this.logger.log({ event: 'rate_limit_shared_again', detail: 'Redis is back; counting across instances' });
  }
}

const keyOf = (key: string): string => `rate-limit:${key}`;
