import { Module } from '@nestjs/common';
import { InMemoryRateLimitStore, RateLimitStore } from './rate-limit.store';

@Module({
  providers: [{ provide: RateLimitStore, useFactory: () => new InMemoryRateLimitStore() }],
  exports: [RateLimitStore],
})
export class RateLimitModule {}
