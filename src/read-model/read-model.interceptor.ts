import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable, of, switchMap, tap } from 'rxjs';
import { matchedRoute } from '@/common/http/matched-route';
import { ReadKeys } from './read-keys';
import type { AnsweringRead, ReadAgain } from './answer';
import { ReadModel } from './read-model';
import { type PublicReadRoute, PublicReadRoutes } from './public-read-routes';
import { PREVIEW_QUERY } from './public-read.decorator';

/**
 * The read again, kept with its answer: made out here, its closure holds the parameters alone, not
 * the request (and its response) that a closure made in `intercept` would keep alive with it.
 */
const againWith =
  (readAgain: NonNullable<PublicReadRoute['again']>, values: readonly unknown[]): ReadAgain =>
  () =>
    readAgain(values);

/**
 * The read model at the edge of a @ServesContent() controller's public reads: each is answered from
 * the answer kept under its key (its route and validated parameters), or by its handler, whose
 * value is then prepared and kept. Writes renew what they changed on their own path (ContentWrites).
 */
@Injectable()
export class ReadModelInterceptor implements NestInterceptor {
  constructor(
    private readonly readModel: ReadModel,
    private readonly publicReads: PublicReadRoutes,
    private readonly keys: ReadKeys,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const route = this.publicReads.of(context.getHandler());
    // A preview is the owner's draft, for one reader: nothing of it is shared (DraftPreviewInterceptor answers it).
    if (route && request.query[PREVIEW_QUERY] !== undefined) return next.handle();
    if (route) {
      const response = context.switchToHttp().getResponse<Response>();
      return from(this.keys.of(route, request)).pipe(
        switchMap(({ key, values, language }) => {
          const again = route.again && againWith(route.again, values);
          return this.answer(key, { route, pattern: matchedRoute(request), language }, request, next, again);
        }),
        tap(() => route.headers.forEach(([name, value]) => response.setHeader(name, value))),
      );
    }
    return next.handle();
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
