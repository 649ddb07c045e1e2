import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import type { MemoryThrottlerStorage } from './memory-throttler.storage';
import { type ThrottlerStorageRecord, windowRecord } from './window-counter';

/** INCR opens the window at the first hit and PEXPIRE closes it; one round trip, atomic in Redis. */
const HIT_WINDOW = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { hits, redis.call('PTTL', KEYS[1]) }`;

/** After a failed call, how long counting stays in memory before Redis is tried again. */
const RETRY_REDIS_AFTER_MS = 2_000;

type RedisWithHitWindow = Redis & { hitWindow(key: string, ttlMs: number): Promise<[number, number]> };

/**
 * Counts in Redis, so every instance shares one budget per client and route. While Redis fails,
 * each instance counts in its own memory and says so once in the log: a request never fails,
 * nor waits long, because Redis did.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly redis: RedisWithHitWindow;
  private redisRetryAt = 0;

  constructor(
    redis: Redis,
    private readonly fallback: MemoryThrottlerStorage,
  ) {
    redis.defineCommand('hitWindow', { numberOfKeys: 1, lua: HIT_WINDOW });
    this.redis = redis as RedisWithHitWindow;
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    if (Date.now() < this.redisRetryAt) return this.fallback.hit(key, ttl, limit);
    try {
      const [hits, resetInMs] = await this.redis.hitWindow(`rate-limit:${key}`, ttl);
      if (this.redisRetryAt !== 0) this.onRecovered();
      return windowRecord(hits, resetInMs, limit);
    } catch (error) {
      this.onFailure(error);
      return this.fallback.hit(key, ttl, limit);
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
