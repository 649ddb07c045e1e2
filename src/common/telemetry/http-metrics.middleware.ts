import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { Counter, Histogram } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { matchedRoute } from '@/common/http/matched-route';
import { MetricsExport } from './metrics-export';

/** Request count and duration per method, matched route and status, recorded as each response finishes. */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  private readonly requests: Counter;
  private readonly duration: Histogram;

  constructor(metricsExport: MetricsExport) {
    this.requests = metricsExport.meter.createCounter('http.server.requests', { description: 'HTTP requests answered' });
    this.duration = metricsExport.meter.createHistogram('http.server.request.duration', {
      description: 'Time to answer an HTTP request',
      unit: 's',
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const startedAt = performance.now();
    res.once('finish', () => {
      // The route pattern, never the raw path: one series per route, whatever clients send.
      const attributes = { method: req.method, route: matchedRoute(req) ?? 'unmatched', status: res.statusCode };
      this.requests.add(1, attributes);
      this.duration.record((performance.now() - startedAt) / 1000, attributes);
    });
    next();
  }
}
