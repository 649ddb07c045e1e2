import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';

export const RATE_LIMIT = 'rate-limit';

export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

const WINDOW_MS = { minute: 60_000, hour: 3_600_000 } as const;

/**
 * Limits a route per client IP and declares its 429. Routes without it are never limited:
 * the spec lists exactly which operations carry a limit.
 */
export function RateLimit(limit: number, per: keyof typeof WINDOW_MS = 'minute'): MethodDecorator {
  return applyDecorators(
    SetMetadata(RATE_LIMIT, { limit, windowMs: WINDOW_MS[per] } satisfies RateLimitPolicy),
    ApiTooManyRequestsResponse({
      description: `Rate limit exceeded (${limit} per ${per} per client). Retry-After gives the seconds to wait.`,
      type: ErrorDetailDto,
    }),
  );
}
