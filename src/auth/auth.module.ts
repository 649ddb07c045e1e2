import { Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { authConfig } from '@/config/auth.config';
import { AdminAuthenticator } from './admin-authenticator';
import { AdminGuard } from './admin.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CREDENTIAL_VERIFIERS } from './credentials/admin-credential';
import { EntraJwtVerifier } from './credentials/entra-jwt.verifier';
import { ExplorerTokenVerifier } from './credentials/explorer-token.verifier';
import { GraphGroupMembership } from './credentials/graph-group-membership';
import { StaticTokenVerifier } from './credentials/static-token.verifier';
import { ExplorerTokenService } from './explorer/explorer-token.service';
import { ExplorerTokenStore, InMemoryExplorerTokenStore, RedisExplorerTokenStore } from './explorer/explorer-token.store';

@Module({
  controllers: [AuthController],
  providers: [
    StaticTokenVerifier,
    EntraJwtVerifier,
    ExplorerTokenVerifier,
    GraphGroupMembership,
    {
      provide: ExplorerTokenStore,
      inject: [authConfig.KEY],
      useFactory: ({ redisUrl }: ConfigType<typeof authConfig>): ExplorerTokenStore =>
        redisUrl ? new RedisExplorerTokenStore(new Redis(redisUrl, { maxRetriesPerRequest: 2 })) : new InMemoryExplorerTokenStore(),
    },
    {
      // The order is the precedence: static token first, then Entra ID, then guest tokens.
      provide: CREDENTIAL_VERIFIERS,
      inject: [StaticTokenVerifier, EntraJwtVerifier, ExplorerTokenVerifier],
      useFactory: (...verifiers: [StaticTokenVerifier, EntraJwtVerifier, ExplorerTokenVerifier]) => verifiers,
    },
    AdminAuthenticator,
    AdminGuard,
    AuthService,
    ExplorerTokenService,
  ],
  exports: [AdminGuard],
})
export class AuthModule {}
