import type { Params } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * nestjs-pino's settings: Nest's logs go to the root logger, and its per-request middleware
 * (pino-http, a child logger and an AsyncLocalStorage context per request) is applied to no
 * route: request lines come from requestLogMiddleware at a fraction of its cost, and the lines
 * that belong to a request name its id themselves.
 */
export const loggerParams = (root: Logger): Params => ({
  pinoHttp: { logger: root },
  useExisting: true,
  forRoutes: [],
});
