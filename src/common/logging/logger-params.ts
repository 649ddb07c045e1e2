import type { Params } from 'nestjs-pino';
import type { Logger } from 'pino';

/**
 * nestjs-pino's settings: Nest's logs go to the root logger, and its per-request middleware is
 * applied to no route. That middleware would run each request in an AsyncLocalStorage context,
 * and on Node 20 the first such context hooks every promise the process makes from then on,
 * which cost a sixth of every public read; request lines come from requestLogMiddleware, and
 * the lines that belong to a request name its id themselves.
 */
export const loggerParams = (root: Logger): Params => ({
  pinoHttp: { logger: root },
  useExisting: true,
  forRoutes: [],
});
