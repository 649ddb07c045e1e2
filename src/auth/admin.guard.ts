import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { ADMIN_ONLY } from './admin-only.decorator';
import { CREDENTIAL_VERIFIERS, type CredentialVerifier, type Principal } from './credentials/admin-credential';

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

/** `Authorization: Bearer <token>`; anything else counts as no credential. */
export function bearerTokenOf(request: Request): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Guards @AdminOnly() routes: asks each credential verifier in turn (static token first).
 * No credential or an unrecognised one is 401; a valid one without admin rights is 403.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(CREDENTIAL_VERIFIERS) private readonly verifiers: CredentialVerifier[],
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const token = bearerTokenOf(request);
    if (!token) this.challenge(http.getResponse<Response>(), 'Not authenticated', 'Bearer');
    for (const verifier of this.verifiers) {
      const verdict = await verifier.verify(token);
      if (verdict.outcome === 'admin') {
        request.principal = verdict.principal;
        return true;
      }
      if (verdict.outcome === 'forbidden') throw new ForbiddenException({ detail: 'Admin rights required' });
    }
    this.challenge(http.getResponse<Response>(), 'Invalid or expired credentials', 'Bearer error="invalid_token"');
  }

  private challenge(response: Response, detail: string, header: string): never {
    response.setHeader('WWW-Authenticate', header);
    throw new UnauthorizedException({ detail });
  }
}
