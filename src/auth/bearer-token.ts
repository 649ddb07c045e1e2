import type { Request } from 'express';

/** `Authorization: Bearer <token>`; anything else counts as no credential. */
export function bearerTokenOf(request: Request): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
}
