import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Principal } from '@/auth/principal';
import { ENTRA_JWT_STRATEGY } from '@/auth/strategies/entra-jwt.name';
import { principalOrChallenge } from './bearer-challenge';

/** For auth/me: the Entra ID token path only, so the static token is 401 there. */
@Injectable()
export class EntraIdentityGuard extends AuthGuard(ENTRA_JWT_STRATEGY) {
  override handleRequest<T = Principal>(error: unknown, principal: Principal | false, failures: unknown, context: ExecutionContext): T {
    return principalOrChallenge(error, principal, failures, context) as T;
  }
}
