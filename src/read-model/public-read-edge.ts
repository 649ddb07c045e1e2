import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { PRIVATE } from '@/common/http/cache-control';
import { assignRequestId, REQUEST_ID_HEADER } from '@/common/http/request-id.middleware';
import { logRequest } from '@/common/logging/request-log.middleware';
import { type CountedHit, countHit } from '@/common/rate-limit/count-hit';
import { RATE_LIMITED_BODY, rateLimitKey } from '@/common/rate-limit/rate-limit.guard';
import { type ClientAddress, clientKey } from '@/common/http/client-address';
import { carriesBody } from '@/common/http/json-bodies-only';
import type { FixedHeaders } from '@/common/http/fixed-headers';
import type { FrontDoor } from '@/common/http/service-http-adapter';
import type { WindowStorage } from '@/common/rate-limit/window-storage';
import type { HttpMetrics } from '@/common/telemetry/http-metrics.middleware';
import type { AnswersAtTheEdge, EdgeAnswer, EdgeRoute } from './edge-answer';
import type { WireHeaders } from './prepared-body';

export interface PublicReadEdgeOptions {
  /** Asked in turn; the first answer found is sent. */
  answers: readonly AnswersAtTheEdge[];
  /** What every answer of the service carries before its own headers: helmet's and CORS's. */
  fixedHeaders: FixedHeaders;
  /** Where the throttler counts; null when rate limits are off (RATE_LIMIT_ENABLED=false). */
  limits: WindowStorage | null;
  /** The client's address, as the throttler's guard reads it. */
  clientAddress: ClientAddress;
  logger: Logger;
  metrics: HttpMetrics | undefined;
}

/** The throttler's answer over the limit, as the error filter writes it. */
const RATE_LIMITED = Buffer.from(JSON.stringify(RATE_LIMITED_BODY));
const RATE_LIMITED_HEADERS = ['Content-Type', 'application/json; charset=utf-8', 'Content-Length', RATE_LIMITED.length];

/**
 * Public reads answered at the HTTP server's front door, before Express and Nest: a GET of a URL
 * the read model (or the pictures' cache) holds an answer for is answered here, doing exactly what the full pipeline does
 * for it (request id, helmet's and CORS's headers, one hit of the route's rate limit in the
 * throttler's storage, ETag and 304, the encoding, one log line and the metrics) with nothing
 * computed per request that can be computed once: the headers are lists made in advance, written
 * with the status in one writeHead(). Anything else (another method, a body, a URL without a
 * prepared answer) goes on to the pipeline, which remains the authority: it prepared every answer
 * served here.
 */
export function publicReadEdge(options: PublicReadEdgeOptions): FrontDoor {
  const { answers, limits, clientAddress, logger, metrics } = options;
  const fixedHeaders = options.fixedHeaders.flat();
  const routeHeaders = new WeakMap<EdgeRoute, WireHeaders>();
  const headersOf = (route: EdgeRoute): WireHeaders => {
    let headers = routeHeaders.get(route);
    if (!headers) routeHeaders.set(route, (headers = route.headers.flat()));
    return headers;
  };

  const answerTo = (url: string): EdgeAnswer | undefined => {
    for (const source of answers) {
      const answer = source.answerTo(url);
      if (answer) return answer;
    }
    return undefined;
  };

  const finish = (
    req: IncomingMessage,
    res: ServerResponse,
    answer: EdgeAnswer,
    startedAt: number,
    counted: CountedHit | undefined,
  ): void => {
    const { pattern, route } = answer.read;
    logRequest(logger, req, res, () => pattern, startedAt);
    metrics?.observe(req, res, () => pattern, startedAt);
    if (counted?.overLimit) {
      // In the pipeline's order: its Cache-Control is set with the request id, and changed by the error filter.
      const headers = [REQUEST_ID_HEADER, req.requestId, 'Cache-Control', PRIVATE, ...fixedHeaders, ...counted.headers];
      res.writeHead(429, headers.concat(RATE_LIMITED_HEADERS)).end(RATE_LIMITED);
    } else {
      const headers = [REQUEST_ID_HEADER, req.requestId, ...fixedHeaders, ...(counted?.headers ?? [])];
      headers.push(...headersOf(route));
      answer.body.writeTo(req, res, headers);
    }
  };

  return (req, res, next) => {
    // A GET with a body goes through the pipeline, whose body rules may answer 413, 415 or 422 for it.
    if (req.method !== 'GET' || carriesBody(req)) return next();
    const answer = answerTo(req.url!); // a server's request always has its URL
    if (!answer) return next();
    const startedAt = performance.now();
    assignRequestId(req);
    // Without limits (benchmarks) nothing waits. With them, only the count can fail, before
    // anything is written: the pipeline then answers as it always does.
    if (limits === null) return finish(req, res, answer, startedAt, undefined);
    const { route } = answer.read;
    countHit(limits, rateLimitKey(route.handler, clientKey(clientAddress(req))), route.limit).then(
      (counted) => finish(req, res, answer, startedAt, counted),
      () => next(),
    );
  };
}
