import { type CallHandler, type ExecutionContext, HttpException, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { concatMap, from, lastValueFrom, type Observable, of, switchMap, tap } from 'rxjs';
import { isDatabaseUnavailable } from '@/common/errors/database-unavailable';
import { contentWriteOf } from '@/common/http/content-write';
import { writesToDraft } from '@/common/http/draft-write';
import { matchedRoute } from '@/common/http/matched-route';
import { type ContentDomain, followersOf } from '@/content';
import { CONTENT_DOMAIN } from './metadata-keys';
import { ReadKeys } from './read-keys';
import { type AnsweringRead, type ReadAgain, ReadModel } from './read-model';
import { domainsChangedBy } from './written-domains';
import { PublicReadRoutes } from './public-read-routes';
import { PREVIEW_QUERY } from './public-read.decorator';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The read model at the edge of a @ServesContent() controller's requests. A public read is
 * answered from the answer kept under its key (its route and validated parameters), or by its
 * handler, whose value is then prepared and kept. A write that succeeded (or failed in a way that
 * may have changed rows) invalidates the controller's domains here at once, and drops what was
 * prepared of those that follow them (a project's skill links), so a read right after it sees it:
 * all of them, unless the handler or the write told which it changed (written-domains.ts). One that
 * succeeded answers once the answers of those sent lately are prepared again (changedHere). A write
 * to the owner's draft changes nothing visitors see, and invalidates nothing.
 */
@Injectable()
export class ReadModelInterceptor implements NestInterceptor {
  constructor(
    private readonly readModel: ReadModel,
    private readonly publicReads: PublicReadRoutes,
    private readonly keys: ReadKeys,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const route = this.publicReads.of(context.getHandler());
    // A preview is the owner's draft, for one reader: nothing of it is shared (DraftPreviewInterceptor answers it).
    if (route && request.query[PREVIEW_QUERY] !== undefined) return next.handle();
    if (route) {
      const readAgain = route.again;
      const response = context.switchToHttp().getResponse<Response>();
      return from(this.keys.of(route, request)).pipe(
        switchMap(({ key, values, language }) => {
          const again = readAgain && (() => readAgain(values));
          return this.answer(key, { route, pattern: matchedRoute(request), language }, request, next, again);
        }),
        tap(() => route.headers.forEach(([name, value]) => response.setHeader(name, value))),
      );
    }
    // A draft write's changes are rolled back once it has answered: visitors' answers stand.
    if (READS.has(request.method) || writesToDraft(context, this.reflector)) return next.handle();
    // A handler may say it changes none of them (ChangesNoContent).
    const domains = this.reflector.getAllAndOverride<ContentDomain[]>(CONTENT_DOMAIN, [context.getHandler(), context.getClass()]);
    const write = contentWriteOf(request);
    // Whether the write changed a following domain (a skill's links to a project), only the database's announcement says.
    const dropFollowers = (changed: readonly ContentDomain[]) =>
      followersOf(changed).forEach((domain) => this.readModel.dropPrepared(domain));
    return next.handle().pipe(
      tap({
        // A refused write (an HTTP error) or an unreachable database changed nothing.
        error: (error: unknown) => {
          if (error instanceof HttpException || isDatabaseUnavailable(error)) return;
          domains.forEach((domain) => this.readModel.invalidate(domain));
          dropFollowers(domains);
        },
      }),
      concatMap(async (value: unknown) => {
        const changed = domainsChangedBy(request, domains);
        dropFollowers(changed);
        // The database's announcement of a write that landed echoes its id: that echo changes nothing more here.
        await this.readModel.changedHere(changed, write);
        return value;
      }),
    );
  }

  /** The answer kept under the key, or the handler's, prepared and kept; either way the URL is then known to the edge. */
  private answer(key: string, read: AnsweringRead, request: Request, next: CallHandler, again: ReadAgain | undefined): Observable<unknown> {
    const url = request.originalUrl;
    const prepared = this.readModel.answerFor(key);
    if (prepared) {
      this.readModel.remember(url, key);
      return of(prepared.body);
    }
    const answered = this.readModel.answerOnce(key, read, () => lastValueFrom(next.handle()), again);
    return from(
      answered.then((body) => {
        this.readModel.remember(url, key);
        return body;
      }),
    );
  }
}
