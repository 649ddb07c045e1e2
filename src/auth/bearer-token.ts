import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** `Authorization: Bearer <token>`; anything else counts as no credential. */
export function bearerTokenOf(request: Request): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** The request's bearer token as a handler parameter, or undefined. */
export const BearerToken = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined =>
  bearerTokenOf(context.switchToHttp().getRequest<Request>()),
);
