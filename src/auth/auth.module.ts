import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import type Redis from 'ioredis';
import { RateLimitStorageModule } from '@/common/rate-limit/rate-limit-storage.module';
import { REDIS_CLIENT, RedisModule } from '@/common/redis/redis.module';
import { AuthController } from './auth.controller';
import { ExplorerTokenService } from './explorer/explorer-token.service';
import { ExplorerTokenKey, LocalExplorerTokenKey, SharedExplorerTokenKey } from './explorer/explorer-token-key';
import { ExplorerTokenSigner } from './explorer/explorer-token-signer';
import { GraphGroupMembership } from './graph-group-membership';
import { AdminGuard } from './guards/admin.guard';
import { FailedCredentialLimit } from './guards/failed-credential-limit';
import { entraJwtStrategy } from './strategies/entra-jwt.provider';
import { ExplorerTokenStrategy } from './strategies/explorer-token.strategy';
import { StaticTokenStrategy } from './strategies/static-token.strategy';

@Module({
  imports: [PassportModule, RedisModule, RateLimitStorageModule],
  controllers: [AuthController],
  providers: [
    StaticTokenStrategy,
    entraJwtStrategy,
    ExplorerTokenStrategy,
    GraphGroupMembership,
    {
      provide: ExplorerTokenKey,
      inject: [REDIS_CLIENT],
      useFactory: (redis: Redis | null): ExplorerTokenKey => (redis ? new SharedExplorerTokenKey(redis) : new LocalExplorerTokenKey()),
    },
    ExplorerTokenSigner,
    FailedCredentialLimit,
    AdminGuard,
    ExplorerTokenService,
  ],
  exports: [AdminGuard],
})
export class AuthModule {}
