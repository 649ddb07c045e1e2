import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The request's Accept header. Not a parameter of the description (@Headers would declare one, and
 * required): OpenAPI has a client's Accept go unsaid, as its tools send it by themselves.
 */
export const AcceptHeader = createParamDecorator(
  (_: unknown, context: ExecutionContext): string | undefined => context.switchToHttp().getRequest<Request>().headers.accept,
);
