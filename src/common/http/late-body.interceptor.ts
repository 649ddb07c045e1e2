import { type CallHandler, type ExecutionContext, HttpException, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import { raw, type Request, type RequestHandler, type Response } from 'express';
import pLimit from 'p-limit';
import { from, type Observable, switchMap } from 'rxjs';
import { afterTheNextPoll } from '@/common/scheduling/event-loop-turns';
import { LARGE_BODY_LIMIT } from './body-limits';
import { isJsonInUtf8 } from './json-bodies-only';
import { jsonInSlices } from './json-in-slices';

/** How many such bodies a route reads at once on an instance; more wait their turn. */
const BODIES_AT_ONCE = 2;

/**
 * Reads a body the global 100 KB JSON parser leaves unread: a large one, or one of another type.
 * As an interceptor it runs after the guards: nothing of the body is read before the credential
 * and the failed-credential limit are checked. It is never inflated (a Content-Encoding other
 * than identity is 415: a small gzip cannot become megabytes), and a route reads at most two at
 * once.
 */
export class LateBodyInterceptor implements NestInterceptor {
  private readonly reading = pLimit(BODIES_AT_ONCE);

  constructor(private readonly parse: RequestHandler) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const read = this.reading(() => this.read(http.getRequest<Request>(), http.getResponse<Response>()));
    return from(read).pipe(switchMap(() => next.handle()));
  }

  /**
   * Reads and parses the body, and goes on only once the event loop has polled again: what the
   * parser's last piece of work left waiting is served before the checks begin.
   */
  private read(request: Request, response: Response): Promise<void> {
    return new Promise((resolve, reject) =>
      this.parse(request, response, (error?: unknown) => afterTheNextPoll(() => (error ? reject(asHttpException(error)) : resolve()))),
    );
  }
}

/**
 * A content document of up to LARGE_BODY_LIMIT, as JSON parsed a piece at a time (PUT /api/admin/content, which the
 * global parser skips); `longestList` is the most items any of its lists may have.
 */
export const LargeJsonBody = (longestList: number): MethodDecorator & ClassDecorator =>
  UseInterceptors(new LateBodyInterceptor(jsonInSlices({ limit: LARGE_BODY_LIMIT, type: isJsonInUtf8, longestList })));

/** A PDF of up to LARGE_BODY_LIMIT, as a Buffer in `req.body`; a body of another type is left as the global rules marked it. */
export const PdfBody = (): MethodDecorator & ClassDecorator =>
  UseInterceptors(new LateBodyInterceptor(raw({ limit: LARGE_BODY_LIMIT, inflate: false, type: 'application/pdf' })));

/** A file of one of these types, of up to `limit`, as a Buffer in `req.body`; a body of another type is left as the global rules marked it. */
export const FileBody = (types: string[], limit: number): MethodDecorator & ClassDecorator =>
  UseInterceptors(new LateBodyInterceptor(raw({ limit, inflate: false, type: types })));

/** body-parser's failures as Nest raises them when its parser runs as middleware, for the error filter to word. */
function asHttpException(error: unknown): Error {
  const { status, message } = error as { status?: number; message?: string };
  return typeof status === 'number' && status < 500 ? new HttpException(message ?? '', status, { cause: error }) : (error as Error);
}
