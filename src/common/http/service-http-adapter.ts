import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Logger } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, RequestHandler, Response } from 'express';
import type { RouteInfo } from '@nestjs/common/interfaces';
import { answerClientError, answerConnect } from './client-errors';
import { continueOnlyWhenRead } from './early-answers';
import type { FixedHeaders } from './fixed-headers';
import { WrittenAnswer } from './written-answer';

/** Slow clients are bounded: the headers must arrive within 10 s, the whole request within 30 s. */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * An answer the client stops reading is ended after this long without progress (the socket's
 * inactivity time-out): no answer holds its memory or its socket forever.
 */
export const STALLED_ANSWER_TIMEOUT_MS = 60_000;
/** How often Node checks those time-outs (its default, 30 s, would let a request run for up to a minute). */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

const logger = new Logger('HttpServer');

/**
 * What sees every request before Express does: it answers it itself, or passes it on (`next`) to
 * the app, untouched. It must not throw; if it does before answering, the app answers instead.
 */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * Nest's Express adapter, with the service's HTTP server: bounded time-outs, Node's own
 * 400/408/431 answers (and one to CONNECT) as JSON with an X-Request-Id and the headers every
 * answer carries, 100 Continue only to a body something reads, and a front door that may answer a
 * request before Express. It also sends a
 * WrittenAnswer as it is rather than as JSON. (The service uses none of the adapter's HTTPS,
 * 503-on-closing or force-close options, which the stock initHttpServer would apply.)
 */
export class ServiceHttpAdapter extends ExpressAdapter {
  private fixedHeaders: FixedHeaders = [];
  private frontDoor: FrontDoor | undefined;

  override initHttpServer(): void {
    const app = this.getInstance<Express>();
    this.httpServer = createServer(
      { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
      (req, res) => {
        if (this.frontDoor) enterByTheFrontDoor(this.frontDoor, req, res, app);
        else app(req, res);
      },
    );
    this.httpServer.setTimeout(STALLED_ANSWER_TIMEOUT_MS);
    continueOnlyWhenRead(this.httpServer);
    this.httpServer.on('clientError', (error: Error, socket: Duplex) => answerClientError(error, socket, this.fixedHeaders));
    this.httpServer.on('connect', (request: IncomingMessage, socket: Duplex) => answerConnect(request, socket, this.fixedHeaders));
  }

  /** The headers every answer carries (helmet's and CORS's), made once: also on the answers Node's server writes itself. */
  answerEveryRequestWith(fixedHeaders: FixedHeaders): void {
    this.fixedHeaders = fixedHeaders;
  }

  /**
   * Requests meet `frontDoor` first, before Express's routing (and its per-request work: the
   * request and response prototypes, the router's stack), which is what a request answered there
   * is spared.
   */
  answerFirstWith(frontDoor: FrontDoor): void {
    this.frontDoor = frontDoor;
  }

  /**
   * Nest answers its JSON 404 under the global prefix (and on the excluded routes) only; an unknown
   * path outside /api would meet Express's HTML page. The same handler closes the whole stack.
   */
  override setNotFoundHandler(handler: RequestHandler, prefix?: string, excludedRoutes?: RouteInfo[]): unknown {
    super.setNotFoundHandler(handler, prefix, excludedRoutes);
    return this.use(handler);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (body instanceof WrittenAnswer) return body.writeTo(response.req, response);
    return super.reply(response, body, statusCode);
  }
}

function enterByTheFrontDoor(frontDoor: FrontDoor, req: IncomingMessage, res: ServerResponse, app: Express): void {
  try {
    frontDoor(req, res, () => {
      app(req, res);
    });
  } catch (error) {
    // A fault of the front door's own: the app, which knows how to answer anything, answers.
    logger.error({ event: 'front_door_failed', requestId: req.requestId, reason: error instanceof Error ? error.stack : String(error) });
    if (res.headersSent) res.destroy();
    else app(req, res);
  }
}
