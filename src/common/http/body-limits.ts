import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MOST_ARCHIVE_MAX_BYTES } from '@/config/archive.config';

/** Every request body is at most this big, in bytes, */
export const BODY_LIMIT = 100 * 1024;

/** but on the routes that take a whole content document or a file: at most this, and read only after the credential check. */
export const LARGE_BODY_LIMIT = 5 * 1024 * 1024;

/** An uploaded picture is at most this big. */
export const IMAGE_UPLOAD_LIMIT = 10 * 1024 * 1024;

/**
 * The routes whose body the global parser leaves to the route, read after its credential check,
 * matched as Express routes them (any case, one trailing slash): every spelling that reaches the
 * route meets the same limits.
 */
const LARGE_BODY_ROUTES = {
  /** PUT /api/admin/content: a content document, JSON (@LargeJsonBody). */
  contentDocument: { method: 'PUT', path: /^\/api\/admin\/content\/?$/i, limit: LARGE_BODY_LIMIT },
  /** PUT /api/admin/cv/{lang}: a PDF (@PdfBody()). */
  cvUpload: { method: 'PUT', path: /^\/api\/admin\/cv\/[^/]+\/?$/i, limit: LARGE_BODY_LIMIT },
  /** POST /api/admin/media: a picture (@ImageBody()). */
  mediaUpload: { method: 'POST', path: /^\/api\/admin\/media\/?$/i, limit: IMAGE_UPLOAD_LIMIT },
  /** PUT /api/admin/archive: a .tar.gz the route streams, counting it against ARCHIVE_MAX_BYTES; announced, at most the most that may be set. */
  archive: { method: 'PUT', path: /^\/api\/admin\/archive\/?$/i, limit: MOST_ARCHIVE_MAX_BYTES },
};

const pathOf = (req: IncomingMessage): string => (req.url ?? '/').split('?', 1)[0];

const routeOf = (req: IncomingMessage) =>
  Object.values(LARGE_BODY_ROUTES).find(({ method, path }) => req.method === method && path.test(pathOf(req)));

/** Whether the request goes to the route that reads a whole content document as JSON, which the global parser skips. */
export const takesLargeJsonBody = (req: IncomingMessage): boolean => routeOf(req) === LARGE_BODY_ROUTES.contentDocument;

/** The most bytes the request's route reads of a body. */
export const bodyLimitOf = (req: IncomingMessage): number => routeOf(req)?.limit ?? BODY_LIMIT;

/** The failure body-parser raises for a body over its limit, which the error filter words (413 `{detail}`). */
export const bodyTooLarge = (limit: number): PayloadTooLargeException =>
  new PayloadTooLargeException('request entity too large', { cause: { type: 'entity.too.large', limit } });

/**
 * A body announced (Content-Length) over its route's limit is 413 at once, before any of it is
 * read or the request waits for it: a framing error, answered before the credential check.
 */
export function refuseAnnouncedOversizeBodies(req: Request, _res: Response, next: NextFunction): void {
  const limit = bodyLimitOf(req);
  next(Number(req.headers['content-length'] ?? 0) > limit ? bodyTooLarge(limit) : undefined);
}

/** A size as people read it: `100 KB`, `5 MB`. */
export const readableBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
