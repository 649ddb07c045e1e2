import type { Meter } from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { matchedRoute } from '@/common/http/matched-route';

/** Request count and duration per method, matched route and status, recorded as each response finishes. */
export function httpMetricsMiddleware(meter: Meter): RequestHandler {
  const requests = meter.createCounter('http.server.requests', { description: 'HTTP requests answered' });
  const duration = meter.createHistogram('http.server.request.duration', { description: 'Time to answer an HTTP request', unit: 's' });
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = performance.now();
    res.once('finish', () => {
      // The route pattern, never the raw path: one series per route, whatever clients send.
      const attributes = { method: req.method, route: matchedRoute(req) ?? 'unmatched', status: res.statusCode };
      requests.add(1, attributes);
      duration.record((performance.now() - startedAt) / 1000, attributes);
    });
    next();
  };
}
