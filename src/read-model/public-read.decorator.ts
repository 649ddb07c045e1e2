import { applyDecorators, SetMetadata, type Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { ApiQuery, ApiResponse, type SchemaObject } from '@nestjs/swagger';
import { LANGUAGES } from '@/content';
import type { FixedHeaders } from '@/common/http/fixed-headers';
import { PUBLIC_READS_PER_MINUTE, RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { type ErrorDoc, errorResponse, Operation } from '@/common/openapi/operation.decorator';
import { headerRef, SHARED_CACHE_HEADERS } from '@/common/openapi/response-headers';
import { PUBLIC_READ } from './metadata-keys';

/** An answer that is not the JSON of a model: its media type and what its body is. */
export interface MediaTypeDoc {
  mediaType: string;
  description: string;
  schema: SchemaObject;
}

export interface PublicReadSpec {
  operationId: string;
  summary: string;
  description?: string;
  /** The day (YYYY-MM-DD) the read was deprecated: its answers then carry a Deprecation header (RFC 9745). */
  deprecatedSince?: string;
  returns: Type | [Type] | MediaTypeDoc;
  /** The 404, when the read can answer one. */
  notFound?: ErrorDoc;
}

const isMediaTypeDoc = (returns: PublicReadSpec['returns']): returns is MediaTypeDoc =>
  typeof returns === 'object' && 'mediaType' in returns;

/** RFC 9745's Deprecation value: `@` and the Unix time of the day. */
const deprecationValue = (day: string): string => `@${Date.parse(`${day}T00:00:00Z`) / 1000}`;

/** The query parameter that asks a public read for the draft: such a read is never answered from, nor kept in, the shared answers. */
export const PREVIEW_QUERY = 'preview';
const PREVIEWABLE = 'previewable';

/** A public read (or the CV generation) that `?preview=<token>` answers from the owner's draft (DraftPreviewInterceptor). */
export const Previewable = (): MethodDecorator =>
  applyDecorators(
    SetMetadata(PREVIEWABLE, true),
    ApiQuery({
      name: PREVIEW_QUERY,
      required: false,
      type: String,
      description: 'A preview token (POST /api/admin/draft/preview-token): the answer is read from the draft',
    }),
    ApiResponse({
      status: 401,
      ...errorResponse('The preview token is not valid, or has expired', 'The preview link is not valid, or has expired'),
    }),
  );

export const isPreviewable = (reflector: Reflector, handler: object): boolean =>
  reflector.get<boolean | undefined>(PREVIEWABLE, handler as never) === true;

/** What @PublicRead() records for the read model: the headers its answers carry besides the body's own. */
export interface PublicReadMetadata {
  headers: FixedHeaders;
}

/**
 * A public GET of its controller's @ServesContent(): PUBLIC_READS_PER_MINUTE (60) a minute, answered from the read model
 * (prepared bytes, ETag and 304, gzip and brotli) and, on a miss, by the handler.
 */
export const PublicRead =
  (spec: PublicReadSpec): MethodDecorator =>
  (target, key, descriptor) =>
    publicRead(spec, takesLanguage(target, key))(target, key, descriptor);

/** Whether the handler reads `?lang=`: one of its parameters' models has a `lang` (its answers then say Content-Language). */
function takesLanguage(target: object, key: string | symbol): boolean {
  const types = (Reflect.getMetadata('design:paramtypes', target, key) ?? []) as (new () => object)[];
  return types.some((type) => typeof type === 'function' && type !== Object && type !== String && 'lang' in new type());
}

/** What every public read does, said in its description after its own words. */
const howPublicReadsAnswer = (translated: boolean): string =>
  `Public, ${PUBLIC_READS_PER_MINUTE} requests a minute per client. Answered from prepared bytes (gzip or brotli as the client accepts) with an ETag: ` +
  "an If-None-Match that names it answers 304. `?preview=` with a preview token reads the owner's draft instead (private, no-store; 401 for a token that is not valid or has expired)." +
  (translated
    ? ` \`?lang=${LANGUAGES.join('|')}\` picks the language of the texts (English where one is not translated), and Content-Language says which.`
    : '');

function publicRead(
  { operationId, summary, description, deprecatedSince, returns, notFound }: PublicReadSpec,
  translated: boolean,
): MethodDecorator {
  const headers = {
    ETag: headerRef('ETag'),
    'Cache-Control': headerRef('Cache-Control'),
    ...SHARED_CACHE_HEADERS,
    ...(translated ? { 'Content-Language': headerRef('Content-Language') } : {}),
    ...(deprecatedSince ? { Deprecation: headerRef('Deprecation') } : {}),
  };
  const metadata: PublicReadMetadata = { headers: deprecatedSince ? [['Deprecation', deprecationValue(deprecatedSince)]] : [] };
  return applyDecorators(
    SetMetadata(PUBLIC_READ, metadata),
    RateLimit(PUBLIC_READS_PER_MINUTE),
    Previewable(),
    Operation({
      operationId,
      summary,
      description: [description, howPublicReadsAnswer(translated)].filter(Boolean).join(' '),
      deprecated: deprecatedSince !== undefined,
      responses: {
        200: isMediaTypeDoc(returns)
          ? { description: returns.description, content: { [returns.mediaType]: { schema: returns.schema } }, headers }
          : { type: returns, headers },
        304: { description: 'Not Modified: If-None-Match names the current ETag', headers },
        404: notFound,
      },
    }),
  );
}
