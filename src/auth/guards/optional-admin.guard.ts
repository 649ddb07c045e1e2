import { type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { bearerTokenOf } from '@/auth/bearer-token';
import type { Principal } from '@/auth/principal';
import { ENTRA_JWT_STRATEGY } from '@/auth/strategies/entra-jwt.strategy';
import { STATIC_TOKEN_STRATEGY } from '@/auth/strategies/static-token.strategy';
import { principalOrChallenge } from './bearer-challenge';

/**
 * For the explorer-token route: no bearer passes without a principal (a guest); a bearer must be
 * an admin's, and anything else, a guest token or a non-member's JWT included, is 401 at once.
 */
@Injectable()
export class OptionalAdminGuard extends AuthGuard([STATIC_TOKEN_STRATEGY, ENTRA_JWT_STRATEGY]) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!bearerTokenOf(context.switchToHttp().getRequest<Request>())) return true;
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T = Principal>(error: unknown, principal: Principal | false, failures: unknown, context: ExecutionContext): T {
    const notAnAdmin = error instanceof ForbiddenException;
    return principalOrChallenge(notAnAdmin ? null : error, notAnAdmin ? null : principal, failures, context) as T;
  }
}
