import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { actorOf, type Principal } from '@/auth/principal';
import { contentWriteOf } from '@/common/http/content-write';
import { ContentAttribution } from '@/content-store/content-attribution';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write request changes content as "api" (an import or a restore names itself within it), by the
 * admin who sent it: by nobody on the one write no bearer guards (the certification sync, which the
 * platform in front of the service protects). Either way it carries the request's write id, which
 * the database's announcement echoes, so the instance that made the write does not hear it as news.
 */
@Injectable()
export class ContentAttributionInterceptor implements NestInterceptor {
  constructor(private readonly attribution: ContentAttribution) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (READS.has(request.method)) return next.handle();
    const principal = request.user as Principal | undefined;
    const work = () => lastValueFrom(next.handle(), { defaultValue: undefined });
    return from(this.attribution.run('api', work, principal ? actorOf(principal) : null, contentWriteOf(request)));
  }
}
