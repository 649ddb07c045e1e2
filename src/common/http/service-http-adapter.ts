import { createServer } from 'node:http';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { answerClientError } from './client-errors';
import { WrittenAnswer } from './written-answer';

/** Slow clients are bounded: the headers must arrive within 10 s, the whole request within 30 s. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** How often Node checks those time-outs (its default, 30 s, would let a request run for up to a minute). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Nest's Express adapter, with the service's HTTP server: bounded time-outs, and Node's own
 * 400/408/431 answers as JSON with an X-Request-Id. It also sends a WrittenAnswer as it is
 * rather than as JSON. (The service uses none of the adapter's HTTPS, 503-on-closing or
 * force-close options, which the stock initHttpServer would apply.)
 */
export class ServiceHttpAdapter extends ExpressAdapter {
  override initHttpServer(): void {
    this.httpServer = createServer(
      { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
      this.getInstance(),
    );
    this.httpServer.on('clientError', answerClientError);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof WrittenAnswer) return body.writeTo(response.req, response);
    return super.reply(response, body, statusCode);
  }
}
