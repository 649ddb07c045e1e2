import { type CallHandler, type ExecutionContext, HttpException, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { map, type Observable, of, tap } from 'rxjs';
import { isDatabaseUnavailable } from '@/common/errors/database-unavailable';
import type { ContentDomain } from './content-domains';
import { CONTENT_DOMAIN, PUBLIC_READ } from './metadata-keys';
import { ReadModel } from './read-model';

interface HandlerRole {
  domains: readonly ContentDomain[];
  publicRead: boolean;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The read model at the edge of a @ContentDomain() controller's requests. A public read is
 * answered from the answer prepared for its URL, or by its handler, whose value is then prepared
 * and kept. A write that succeeded (or failed in a way that may have changed rows) invalidates the
 * controller's domains here at once, so a read right after it sees it.
 */
@Injectable()
export class ReadModelInterceptor implements NestInterceptor {
  private readonly roles = new WeakMap<object, HandlerRole>();

  constructor(
    private readonly readModel: ReadModel,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const { domains, publicRead } = this.roleOf(context);
    const request = context.switchToHttp().getRequest<Request>();
    if (publicRead) {
      const url = request.originalUrl;
      const prepared = this.readModel.answerTo(url);
      if (prepared) return of(prepared);
      const stamp = this.readModel.stamp(domains);
      return next.handle().pipe(map((value) => this.readModel.prepare(url, domains, stamp, value)));
    }
    if (READS.has(request.method)) return next.handle();
    const invalidate = () => domains.forEach((domain) => this.readModel.invalidate(domain));
    return next.handle().pipe(
      tap({
        complete: invalidate,
        // A refused write (an HTTP error) or an unreachable database changed nothing.
        error: (error: unknown) => {
          if (!(error instanceof HttpException) && !isDatabaseUnavailable(error)) invalidate();
        },
      }),
    );
  }

  /** Read once per handler: metadata is fixed after bootstrap. */
  private roleOf(context: ExecutionContext): HandlerRole {
    const handler = context.getHandler();
    let role = this.roles.get(handler);
    if (!role) {
      role = {
        domains: this.reflector.get<ContentDomain[]>(CONTENT_DOMAIN, context.getClass()),
        publicRead: this.reflector.get<boolean | undefined>(PUBLIC_READ, handler) === true,
      };
      this.roles.set(handler, role);
    }
    return role;
  }
}
