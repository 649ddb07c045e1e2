import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { ThrottlerModule, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { limitsConfig } from '@/config/limits.config';
import { RateLimitStorageModule } from './rate-limit-storage.module';
import { WindowStorage } from './window-storage';

/** The public read limit; every limited route names its own with @RateLimit(). */
const READ_LIMIT = { name: 'default', limit: 60, ttl: 60_000 };

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
