import { RequestMethod } from '@nestjs/common';
import type { Request } from 'express';
import type { Params } from 'nestjs-pino';
import { type DestinationStream, destination as pinoDestination } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '@/config/app.config';

/**
 * Request lines carry no headers or bodies, so no credential can reach them; these fields are
 * redacted wherever else they might be logged.
 */
const REDACTED_PATHS = ['password', 'token', 'accessToken', 'clientSecret', 'secret'].flatMap((key) => [key, `*.${key}`]);

/** The matched route pattern (`/api/projects/:project_id`), known once routing is done. */
function routeOf(req: Request): string | undefined {
  return (req.route as { path?: string } | undefined)?.path;
}

/**
 * nestjs-pino's settings: one JSON line per finished request (request id, method, path,
 * matched route, status, duration) and the same `req` on every line logged while serving it.
 * The id comes from the X-Request-Id middleware, which runs first; the query string is left
 * out because it may carry personal data. pino-http binds `req` to one child logger per
 * request; `quietReqLogger` would add a second, which costs more than the line itself.
 */
export function loggerParams(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Params {
  const options: Options = {
    level: config.logLevel,
    genReqId: (req) => (req as Request).requestId,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    customAttributeKeys: { responseTime: 'durationMs' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?', 1)[0] }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customSuccessObject: (req, _res, line: object) => ({ ...line, route: routeOf(req as Request) }),
    // The exception filter logs the real error; pino-http's stand-in ("failed with status code") adds nothing.
    customErrorObject: (req, _res, _error, line: object) => ({ ...line, err: undefined, route: routeOf(req as Request) }),
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
  };
  return {
    // Asynchronous writes to stdout: a request never waits for its log line to be written.
    pinoHttp: [options, destination ?? pinoDestination({ dest: 1, sync: false })],
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
  };
}
