import { applyDecorators, Get, type Type } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, type ApiParamOptions, ApiResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { CACHE_CONTROL } from './send-prepared';

export interface PublicReadSpec {
  summary: string;
  description?: string;
  deprecated?: boolean;
  param?: ApiParamOptions;
  returns: Type | [Type];
  /** Describes the 404, when the read can answer one. */
  notFound?: string;
}

const HEADERS = {
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match', schema: { type: 'string' } },
  'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } },
} as const;

/** A public GET served from the read model: 60 per minute, ETag and 304, gzip and brotli. */
export const PublicRead = (path: string, spec: PublicReadSpec): MethodDecorator =>
  applyDecorators(
    Get(path),
    RateLimit(60),
    ApiOperation({ summary: spec.summary, description: spec.description, deprecated: spec.deprecated }),
    ...(spec.param ? [ApiParam(spec.param)] : []),
    ApiOkResponse({ type: spec.returns, headers: HEADERS }),
    ApiResponse({ status: 304, description: 'Not Modified: If-None-Match names the current ETag', headers: HEADERS }),
    ...(spec.notFound ? [ApiNotFoundResponse({ description: spec.notFound, type: ErrorDetailDto })] : []),
  );
