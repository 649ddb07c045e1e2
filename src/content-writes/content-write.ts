import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { actorOf, type Principal } from '@/auth/principal';
import type { ContentDomain } from '@/content';
import { CONTENT_DOMAIN } from '@/read-model/metadata-keys';

/** One request's write to content, as ContentWrites.run takes it. */
export interface ContentWrite {
  /** A server-made id (never the client's request id, so no two writes share one): the database's change announcement echoes it. */
  id: string;
  /** Who the history says made it: the admin's name or email, "admin token", or null (the certification sync takes no bearer). */
  actor: string | null;
  /** `?draft=true` (DraftParameterGuard has checked it): the write changes the owner's draft, not what visitors see. */
  toDraft: boolean;
  /** What the write may change: the domains its controller serves (@ServesContent). */
  domains: readonly ContentDomain[];
}

/** The handler's parameter that describes the request's content write. */
export const ContentWriteOf = createParamDecorator((_: unknown, context: ExecutionContext): ContentWrite => {
  const request = context.switchToHttp().getRequest<Request>();
  const principal = request.user as Principal | undefined;
  return {
    id: randomUUID(),
    actor: principal ? actorOf(principal) : null,
    toDraft: request.query.draft === 'true',
    domains: (Reflect.getMetadata(CONTENT_DOMAIN, context.getClass()) as ContentDomain[] | undefined) ?? [],
  };
});
