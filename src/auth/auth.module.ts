import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import type Redis from 'ioredis';
import { RateLimitStorageModule } from '@/common/rate-limit/rate-limit-storage.module';
import { REDIS_CLIENT, RedisModule } from '@/common/redis/redis.module';
import { AuthController } from './auth.controller';
import { ExplorerTokenService } from './explorer/explorer-token.service';
import { ExplorerTokenStore, InMemoryExplorerTokenStore, RedisExplorerTokenStore } from './explorer/explorer-token.store';
import { GraphGroupMembership } from './graph-group-membership';
import { AdminGuard } from './guards/admin.guard';
import { FailedCredentialLimit } from './guards/failed-credential-limit';
import { EntraJwtStrategy } from './strategies/entra-jwt.strategy';
import { ExplorerTokenStrategy } from './strategies/explorer-token.strategy';
import { StaticTokenStrategy } from './strategies/static-token.strategy';

@Module({
  imports: [PassportModule, RedisModule, RateLimitStorageModule],
  controllers: [AuthController],
  providers: [
    StaticTokenStrategy,
    EntraJwtStrategy,
    ExplorerTokenStrategy,
    GraphGroupMembership,
    {
      provide: ExplorerTokenStore,
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis | null): ExplorerTokenStore =>
        redis ? new RedisExplorerTokenStore(redis) : new InMemoryExplorerTokenStore(),
    },
    FailedCredentialLimit,
    AdminGuard,
    ExplorerTokenService,
  ],
  exports: [AdminGuard],
})
export class AuthModule {}
