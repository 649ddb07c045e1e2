import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type Redis from 'ioredis';
import { redisConfig } from '@/config/redis.config';
import { connectRedis } from './redis.connection';

/** The one Redis connection of this instance, or null when REDIS_URL is unset. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [redisConfig.KEY],
      useFactory: ({ url }: ConfigType<typeof redisConfig>): Promise<Redis | null> | null => (url ? connectRedis(url) : null),
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
