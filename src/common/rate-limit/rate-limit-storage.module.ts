import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS_CLIENT, RedisModule } from '@/common/redis/redis.module';
import { MemoryThrottlerStorage } from './memory-throttler.storage';
import { RedisThrottlerStorage } from './redis-throttler.storage';
import { WindowStorage } from './window-storage';

/** Where every limit counts: Redis when configured (memory while it fails), else this process's memory. */
@Module({
  imports: [RedisModule],
  providers: [
    {
      provide: WindowStorage,
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis | null): WindowStorage => {
        const memory = new MemoryThrottlerStorage();
        return redis ? new RedisThrottlerStorage(redis, memory) : memory;
      },
    },
  ],
  exports: [WindowStorage],
})
export class RateLimitStorageModule {}
