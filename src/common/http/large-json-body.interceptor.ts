import { type CallHandler, type ExecutionContext, HttpException, Injectable, type NestInterceptor } from '@nestjs/common';
import { json, type Request, type Response } from 'express';
import pLimit from 'p-limit';
import { from, type Observable, switchMap } from 'rxjs';
import { LARGE_BODY_LIMIT } from './body-limits';
import { isJsonInUtf8 } from './json-bodies-only';

/** How many large bodies an instance reads at once; more wait their turn. */
const LARGE_BODIES_AT_ONCE = 2;

/**
 * Reads the body of a route that takes a large one (PUT /api/admin/content), which the global
 * 100 KB parser leaves unread. As an interceptor it runs after the guards: nothing of the body is
 * read before the credential and the failed-credential limit are checked. It is never inflated (a
 * Content-Encoding other than identity is 415: a small gzip cannot become megabytes), and an
 * instance reads at most two at once.
 */
@Injectable()
export class LargeJsonBodyInterceptor implements NestInterceptor {
  private readonly reading = pLimit(LARGE_BODIES_AT_ONCE);
  private readonly parse = json({ limit: LARGE_BODY_LIMIT, inflate: false, type: isJsonInUtf8 });

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const read = this.reading(() => this.read(http.getRequest<Request>(), http.getResponse<Response>()));
    return from(read).pipe(switchMap(() => next.handle()));
  }

  private read(request: Request, response: Response): Promise<void> {
    return new Promise((resolve, reject) =>
      this.parse(request, response, (error?: unknown) => (error ? reject(asHttpException(error)) : resolve())),
    );
  }
}

/** body-parser's failures as Nest raises them when its parser runs as middleware, for the error filter to word. */
function asHttpException(error: unknown): Error {
  const { status, message } = error as { status?: number; message?: string };
  return typeof status === 'number' && status < 500 ? new HttpException(message ?? '', status, { cause: error }) : (error as Error);
}
