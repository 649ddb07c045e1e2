import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ThrottlerModule, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { limitsConfig } from '@/config/limits.config';
import { PUBLIC_READS_PER_MINUTE } from './rate-limit.decorator';
import { RateLimitStorageModule } from './rate-limit-storage.module';
import { WindowStorage } from './window-storage';

/** The throttler's one named limit; every limited route sets its own with @RateLimit(), the rest are never counted. */
const READ_LIMIT = { name: 'default', limit: PUBLIC_READS_PER_MINUTE, ttl: 60_000 };

function throttlerOptions(limits: ConfigType<typeof limitsConfig>, storage: WindowStorage): ThrottlerModuleOptions {
  return { throttlers: [READ_LIMIT], storage, skipIf: () => !limits.rateLimitEnabled };
}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStorageModule],
      inject: [limitsConfig.KEY, WindowStorage],
      useFactory: throttlerOptions,
    }),
  ],
})
export class RateLimitModule {}
