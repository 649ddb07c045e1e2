import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

// 'http', where the interface is declared: an augmentation of 'node:http', which re-exports it, took or not by the order files were checked in.
declare module 'http' {
  interface IncomingMessage {
    /** The X-Request-Id echoed on the response; safe to log. */
    requestId: string;
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id';
const ACCEPTABLE_REQUEST_ID = /^[\x21-\x7e]{1,200}$/;

/**
 * Echoes a well-formed incoming X-Request-Id and replaces anything else with a fresh UUID,
 * so logs never carry attacker-chosen control characters or unbounded values. Answers the id;
 * the response is yet to carry it.
 */
export function assignRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  req.requestId = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  return req.requestId;
}

export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  res.setHeader(REQUEST_ID_HEADER, assignRequestId(req));
  next();
}

/** The request's id as a handler parameter, for log lines that belong to the request. */
export const RequestId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<Request>().requestId,
);
