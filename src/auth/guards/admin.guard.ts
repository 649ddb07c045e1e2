import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { HandlerFlag } from '@/common/metadata/handler-flag';
import type { Request, Response } from 'express';
import { ADMIN_ONLY } from '@/auth/admin-operation.decorator';
import { bearerTokenOf } from '@/auth/bearer-token';
import type { Principal } from '@/auth/principal';
import { ENTRA_JWT_STRATEGY } from '@/auth/strategies/entra-jwt.name';
import { EXPLORER_TOKEN_STRATEGY } from '@/auth/strategies/explorer-token.strategy';
import { PREVIEW_TOKEN_STRATEGY } from '@/auth/strategies/preview-token.name';
import { STATIC_TOKEN_STRATEGY } from '@/auth/strategies/static-token.strategy';
import { challenge, principalOrChallenge } from './bearer-challenge';
import { FailedCredentialLimit } from './failed-credential-limit';

/**
 * Guards @AdminOperation() routes, asking the strategies in order of precedence: the static token,
 * then an Entra ID token, then a guest explorer token or a draft's preview token (valid, but never an admin: 403).
 * No header is 401 `Not authenticated`; a credential none of them accepts is 401 too, and each
 * 401 counts against the client's failed-credential limit, checked before anything else.
 */
@Injectable()
export class AdminGuard extends AuthGuard([STATIC_TOKEN_STRATEGY, ENTRA_JWT_STRATEGY, EXPLORER_TOKEN_STRATEGY, PREVIEW_TOKEN_STRATEGY]) {
  private readonly adminOnly: HandlerFlag;

  constructor(
    reflector: Reflector,
    private readonly failedCredentials: FailedCredentialLimit,
  ) {
    super();
    this.adminOnly = new HandlerFlag(reflector, ADMIN_ONLY);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.adminOnly.isSetOn(context)) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    return this.failedCredentials.check(request, http.getResponse<Response>(), async () => {
      if (!bearerTokenOf(request)) challenge(context, 'Not authenticated', 'Bearer');
      return (await super.canActivate(context)) as boolean;
    });
  }

  override handleRequest<T = Principal>(error: unknown, principal: Principal | false, failures: unknown, context: ExecutionContext): T {
    return principalOrChallenge(error, principal, failures, context) as T;
  }
}
