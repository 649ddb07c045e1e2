import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { AdminAuthenticator } from './admin-authenticator';
import { ADMIN_ONLY } from './admin-only.decorator';
import { bearerTokenOf } from './bearer-token';

/** Guards @AdminOnly() routes: no or an unrecognised credential is 401; a valid one without admin rights 403. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: AdminAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, [context.getHandler(), context.getClass()])) {
      return true;
    }
    const http = context.switchToHttp();
    const token = bearerTokenOf(http.getRequest<Request>());
    if (!token) challenge(http.getResponse<Response>(), 'Not authenticated', 'Bearer');
    const verdict = await this.authenticator.authenticate(token);
    if (verdict.outcome === 'admin') return true;
    if (verdict.outcome === 'forbidden') throw new ForbiddenException({ detail: 'Admin rights required' });
    challenge(http.getResponse<Response>(), 'Invalid or expired credentials', 'Bearer error="invalid_token"');
  }
}

export function challenge(response: Response, detail: string, header: string): never {
  response.setHeader('WWW-Authenticate', header);
  throw new UnauthorizedException({ detail });
}
