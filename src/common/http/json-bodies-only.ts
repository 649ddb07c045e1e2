import type { IncomingMessage } from 'node:http';
import { parse as parseContentType } from 'content-type';
import type { NextFunction, Request, Response } from 'express';

export const UNSUPPORTED_BODY = 'Request bodies must be application/json in UTF-8';

/** What `req.body` holds when the request sent a body that is not JSON in UTF-8: never parsed, refused where a handler reads it. */
export const BODY_NOT_JSON = Symbol('a body that is not JSON in UTF-8');

/** Whether the request sends a body: an empty one (Content-Length: 0, as browsers send with a bodiless POST) is none. */
export const carriesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/** Whether the request's body is `application/json` with no charset or UTF-8's: the only bodies the service parses. */
export function isJsonInUtf8(req: IncomingMessage): boolean {
  const contentType = req.headers['content-type'];
  if (contentType === undefined) return false;
  try {
    const { type, parameters } = parseContentType(contentType);
    return type === 'application/json' && (parameters.charset === undefined || parameters.charset.toLowerCase() === 'utf-8');
  } catch {
    return false;
  }
}

/**
 * Marks a body of any other type (a form, text, another charset, none named) so that no parser
 * reads it; the validation pipe answers 415 where a handler takes a body, which is after the
 * route's credential check, as for every other body rule.
 */
export function markBodiesNotJson(req: Request, _res: Response, next: NextFunction): void {
  if (carriesBody(req) && !isJsonInUtf8(req)) req.body = BODY_NOT_JSON;
  next();
}
