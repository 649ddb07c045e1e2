import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import parseUrl from 'parseurl';
import type { Logger } from 'pino';
import { matchedRoute } from '@/common/http/matched-route';

/**
 * What identifies a request in a log line; never headers, bodies or the query string. The path is
 * Express's `req.path`, read as it reads it, for requests answered before Express too.
 */
const requestFields = (req: IncomingMessage) => ({ id: req.requestId, method: req.method, path: parseUrl(req)?.pathname });

/**
 * One JSON line per finished request: request id, method, path (never the query string, which
 * may carry personal data), matched route, status and duration; a 5xx at level error. One pino
 * call when the response closes: pino-http made a child logger, ran its serializers and
 * redaction and added three listeners per request, which cost more than the rest of a public
 * read (BENCHMARKS.md).
 */
export function requestLogMiddleware(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    logRequest(logger, req, res, () => matchedRoute(req));
    next();
  };
}

/** Writes the request's line when its response closes; `route` names the pattern it matched. */
export function logRequest(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  route: () => string | undefined,
  startedAt = performance.now(),
): void {
  // Read now: the path the client sent, before any handler rewrites req.url (Nest's not-found handler does).
  const fields = requestFields(req);
  // 'close' follows every response: after 'finish', or alone when the client went away first.
  res.once('close', () => {
    const line = {
      req: fields,
      route: route(),
      res: { status: res.statusCode },
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    };
    if (!res.writableFinished) logger.info(line, 'request aborted');
    else if (res.statusCode >= 500) logger.error(line, 'request failed');
    else logger.info(line, 'request completed');
  });
}
