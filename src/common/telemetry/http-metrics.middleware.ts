import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Counter, Histogram, Meter } from '@opentelemetry/api';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { matchedRoute } from '@/common/http/matched-route';

/** Request count and duration per method, matched route and status, recorded as each response finishes. */
export class HttpMetrics {
  private readonly requests: Counter;
  private readonly duration: Histogram;

  constructor(meter: Meter) {
    this.requests = meter.createCounter('http.server.requests', { description: 'HTTP requests answered' });
    this.duration = meter.createHistogram('http.server.request.duration', { description: 'Time to answer an HTTP request', unit: 's' });
  }

  /** Records the request once its response has finished; `route` names the pattern it matched. */
  observe(req: IncomingMessage, res: ServerResponse, route: () => string | undefined, startedAt = performance.now()): void {
    res.once('finish', () => {
      // The route pattern, never the raw path: one series per route, whatever clients send.
      const attributes = { method: req.method, route: route() ?? 'unmatched', status: res.statusCode };
      this.requests.add(1, attributes);
      this.duration.record((performance.now() - startedAt) / 1000, attributes);
    });
  }
}

export function httpMetricsMiddleware(metrics: HttpMetrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    metrics.observe(req, res, () => matchedRoute(req));
    next();
  };
}
