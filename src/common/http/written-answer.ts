import type { Request, Response } from 'express';

/**
 * An answer that writes itself (status, headers and bytes) instead of being serialized as JSON,
 * e.g. a public read prepared in advance. A handler or interceptor returns one like any value;
 * ServiceHttpAdapter sends it.
 */
export abstract class WrittenAnswer {
  abstract writeTo(req: Request, res: Response): void;
}
