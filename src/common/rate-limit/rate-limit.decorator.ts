import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import { RATE_LIMIT_EXTENSION } from '@/common/openapi/common-responses';
import { headerRef } from '@/common/openapi/response-headers';
import { Throttle } from '@nestjs/throttler';
import { errorResponse, USUAL_DETAILS } from '@/common/openapi/operation.decorator';

/** Marks a handler as limited, with its limit; the guard counts only marked handlers. */
export const RATE_LIMITED = 'rate-limited';

/** A route's limit: `limit` requests per client in a window of `ttl` ms. */
export interface RateLimitSpec {
  limit: number;
  ttl: number;
}

const WINDOW_MS = { minute: 60_000, hour: 3_600_000 } as const;

/** Every public content read allows a client this many requests a minute. */
export const PUBLIC_READS_PER_MINUTE = 60;

/** How a 429 is declared: the service's error body, and Retry-After with the seconds to wait. */
export const tooManyRequests = (why: string): ApiResponseOptions => ({
  ...errorResponse(`${why}. Retry-After gives the seconds to wait.`, USUAL_DETAILS[429]),
  headers: { 'Retry-After': headerRef('Retry-After') },
});

/**
 * Limits a route per client IP (the throttler's `default` throttler) and declares its 429.
 * Routes without it are never limited: the spec lists exactly which operations carry a limit.
 */
export function RateLimit(limit: number, per: keyof typeof WINDOW_MS = 'minute'): MethodDecorator {
  return applyDecorators(
    SetMetadata(RATE_LIMITED, { limit, ttl: WINDOW_MS[per] } satisfies RateLimitSpec),
    Throttle({ default: { limit, ttl: WINDOW_MS[per] } }),
    ApiExtension(RATE_LIMIT_EXTENSION, { limit, per }),
    ApiResponse({ status: 429, ...tooManyRequests(`Rate limit exceeded (${limit} per ${per} per client)`) }),
  );
}
