import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Express, Request } from 'express';
import fresh from 'fresh';

/**
 * `req.fresh`, as RFC 9110 13.1.2 has it: an If-None-Match that names the answer's ETag (or an
 * If-Modified-Since not older than its Last-Modified) makes a GET or HEAD 304, whatever
 * Cache-Control or Pragma the request carries. Express's own getter (the `fresh` package) answers
 * stale to a request with `Cache-Control: no-cache`, which the Fetch standard adds to every request
 * whose caller sets If-None-Match: a client keeping its own ETags would never see a 304. Every
 * answer of the app decides by it (res.send and the prepared public reads alike).
 */
export function answerConditionalRequestsByTheirValidators(app: Express): void {
  Object.defineProperty(app.request, 'fresh', {
    configurable: true,
    enumerable: true,
    get(this: Request): boolean {
      const { statusCode } = this.res!;
      if ((statusCode < 200 || statusCode >= 300) && statusCode !== 304) return false;
      return isFreshFor(this, { etag: this.res!.get('ETag'), lastModified: this.res!.get('Last-Modified') });
    },
  });
}

/** Whether a GET or HEAD may be answered 304 for an answer with these validators (the rule of `req.fresh`, before any header is set). */
export function isFreshFor(req: IncomingMessage, { etag, lastModified }: { etag?: string; lastModified?: string }): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return fresh(
    { 'if-none-match': req.headers['if-none-match'], 'if-modified-since': req.headers['if-modified-since'] },
    { etag, 'last-modified': lastModified },
  );
}

/** Whether the request's validators already name an answer tagged `etag`, so that it would be 304. */
export type NamesETag = (etag: string) => boolean;

/** The request's conditional check as a handler parameter: a handler can answer 304 before it reads what it would send. */
export const ConditionalRequest = createParamDecorator(
  (_: unknown, context: ExecutionContext): NamesETag =>
    (etag) =>
      isFreshFor(context.switchToHttp().getRequest<Request>(), { etag }),
);
