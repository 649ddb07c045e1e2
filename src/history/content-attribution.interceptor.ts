import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { actorOf, type Principal } from '@/auth/principal';
import { contentWriteOf } from '@/common/http/content-write';
import { ContentAttribution } from '@/content-store/content-attribution';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** An admin's write request changes content as "api", by that admin (an import or a restore names itself within it). */
@Injectable()
export class ContentAttributionInterceptor implements NestInterceptor {
  constructor(private readonly attribution: ContentAttribution) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const principal = request.user as Principal | undefined;
    if (!principal || READS.has(request.method)) return next.handle();
    const work = () => lastValueFrom(next.handle(), { defaultValue: undefined });
    return from(this.attribution.run('api', work, actorOf(principal), contentWriteOf(request)));
  }
}
