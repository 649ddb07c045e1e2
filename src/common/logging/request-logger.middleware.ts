import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const logger = new Logger('HTTP');

/** One structured line per finished request. The query string is left out: it may carry personal data. */
export function requestLoggerMiddleware(req: Request, res: Response, next: NextFunction): void {
  const startedAt = process.hrtime.bigint();
  res.on('finish', () => {
    logger.log({
      event: 'request',
      method: req.method,
      path: req.originalUrl.split('?', 1)[0],
      status: res.statusCode,
      durationMs: Number((process.hrtime.bigint() - startedAt) / 1000n) / 1000,
      requestId: req.requestId,
    });
  });
  next();
}
