import type { HeaderObject, ReferenceObject } from '@nestjs/swagger';

const header = (description: string, schema: HeaderObject['schema'] = { type: 'string' }): HeaderObject => ({ description, schema });

/**
 * Every response header a client may read, declared once (components.headers): CORS exposes each
 * of them, and the contract tests refuse an answer that carries one its operation does not declare.
 */
export const RESPONSE_HEADERS = {
  'X-Request-Id': header('The request id sent (1 to 200 visible ASCII characters), or a generated UUID'),
  ETag: header('Validator of the body; send it back in If-None-Match to get 304 while it is unchanged'),
  'Cache-Control': header(
    'How caches may keep the answer: shared caches keep public reads while a purge is configured; admin answers, previews, errors and 429s are private, no-store',
  ),
  'Content-Language': header('The language of the texts, on the reads that take ?lang= (en, nl)'),
  'Retry-After': header('Seconds until the limit allows this client again', { type: 'integer', minimum: 1 }),
  'X-RateLimit-Limit': header('Requests this client may make in the window', { type: 'integer', minimum: 1 }),
  'X-RateLimit-Remaining': header('Requests left in the current window', { type: 'integer', minimum: 0 }),
  'X-RateLimit-Reset': header('Seconds until the current window ends', { type: 'integer', minimum: 0 }),
  'WWW-Authenticate': header('The bearer challenge (RFC 6750), with the error when a credential was sent'),
  Deprecation: header('When this operation was deprecated (RFC 9745: @ and a Unix time)'),
  'Content-Disposition': header('An attachment, with the file name to save it under'),
} satisfies Record<string, HeaderObject>;

export type ResponseHeader = keyof typeof RESPONSE_HEADERS;

/** What a shared cache (a CDN, Varnish) reads of a public read, not a client: declared where sent, not exposed by CORS. */
export const SHARED_CACHE_HEADERS = {
  'Surrogate-Key': header('What the answer holds, space-separated: its domains and each item (Varnish xkey, Fastly)', {
    type: 'string',
    example: 'projects projects:tidewatch',
  }),
  'Cache-Tag': header('The same, comma-separated (Cloudflare)', { type: 'string', example: 'projects,projects:tidewatch' }),
} satisfies Record<string, HeaderObject>;

/** The readable headers by name: what CORS exposes. */
export const CLIENT_READABLE_HEADERS = Object.keys(RESPONSE_HEADERS) as ResponseHeader[];

export const headerRef = (name: ResponseHeader): ReferenceObject => ({ $ref: `#/components/headers/${name}` });
