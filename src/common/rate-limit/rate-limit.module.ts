import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ThrottlerModule, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { REDIS_CLIENT, RedisModule } from '@/common/redis/redis.module';
import { limitsConfig } from '@/config/limits.config';
import { MemoryThrottlerStorage } from './memory-throttler.storage';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** The public read limit; every limited route names its own with @RateLimit(). */
const READ_LIMIT = { name: 'default', limit: 60, ttl: 60_000 };

function throttlerOptions(limits: ConfigType<typeof limitsConfig>, redis: Redis | null): ThrottlerModuleOptions {
  const memory = new MemoryThrottlerStorage();
  return {
    throttlers: [READ_LIMIT],
    storage: redis ? new RedisThrottlerStorage(redis, memory) : memory,
    skipIf: () => !limits.rateLimitEnabled,
    ipv6SubnetPrefix: 64,
  };
}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RedisModule],
      inject: [limitsConfig.KEY, REDIS_CLIENT],
      useFactory: throttlerOptions,
    }),
  ],
})
export class RateLimitModule {}
