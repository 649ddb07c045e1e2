import { applyDecorators, SetMetadata, type Type } from '@nestjs/common';
import { PUBLIC_READS_PER_MINUTE, RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { type ErrorDoc, Operation } from '@/common/openapi/operation.decorator';
import { PUBLIC_READ } from './metadata-keys';
import { CACHE_CONTROL } from './prepared-body';

export interface PublicReadSpec {
  summary: string;
  description?: string;
  deprecated?: boolean;
  returns: Type | [Type];
  /** The 404, when the read can answer one. */
  notFound?: ErrorDoc;
}

const HEADERS = {
  ETag: { description: 'Strong validator of the body; send it back in If-None-Match', schema: { type: 'string' } },
  'Cache-Control': { description: CACHE_CONTROL, schema: { type: 'string' } },
} as const;

/**
 * A public GET of its controller's @ContentDomain(): PUBLIC_READS_PER_MINUTE (60) a minute, answered from the read model
 * (prepared bytes, ETag and 304, gzip and brotli) and, on a miss, by the handler.
 */
export const PublicRead = ({ summary, description, deprecated, returns, notFound }: PublicReadSpec): MethodDecorator =>
  applyDecorators(
    SetMetadata(PUBLIC_READ, true),
    RateLimit(PUBLIC_READS_PER_MINUTE),
    Operation({
      summary,
      description,
      deprecated,
      responses: {
        200: { type: returns, headers: HEADERS },
        304: { description: 'Not Modified: If-None-Match names the current ETag', headers: HEADERS },
        404: notFound,
      },
    }),
  );
