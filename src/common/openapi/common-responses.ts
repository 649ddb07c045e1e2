import { undraftableDraftParameter } from '@/common/http/draft-write';
import type { OpenAPIObject, OperationObject, ReferenceObject, ResponseObject } from '@nestjs/swagger';
import { BODY_LIMIT, readableBytes } from '@/common/http/body-limits';
import { UNSUPPORTED_BODY } from '@/common/http/json-bodies-only';
import { USUAL_DETAILS } from './operation.decorator';
import { RESPONSE_HEADERS, headerRef, type ResponseHeader } from './response-headers';

/** The 503 of every operation on content: admin writes without a database, and any read or write while it is down. */
export const CONTENT_STORE_UNAVAILABLE = 'No database is configured (admin writes), or the database is unavailable';

/** Marks an operation limited per client (its extension names the limit); its answers carry the X-RateLimit-* headers. */
export const RATE_LIMIT_EXTENSION = 'x-rate-limit';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

const errorDetail = (description: string, detail: string): ResponseObject => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDetail' }, example: { detail } } },
});

/**
 * Answers any operation can give, declared once as components: Node's own answers to a request it
 * cannot read (400, 408, 431), the body rules that run before routing (413, 415, 422 for JSON that
 * does not parse), the conditional GET (304) and the generic 500.
 */
const SHARED_RESPONSES: Record<string, { name: string; response: ResponseObject; on?: 'get' }> = {
  '304': {
    name: 'NotModified',
    response: { description: 'Not Modified: If-None-Match names the current ETag', headers: { ETag: headerRef('ETag') } },
    on: 'get',
  },
  '400': {
    name: 'MalformedRequest',
    response: errorDetail('The request could not be read (HTTP framing, or a path that does not decode)', 'Malformed HTTP request'),
  },
  '408': { name: 'RequestTimeout', response: errorDetail('The request did not arrive in time', 'Request not received in time') },
  '413': {
    name: 'PayloadTooLarge',
    response: errorDetail(
      `Request body larger than ${readableBytes(BODY_LIMIT)}`,
      `Request body exceeds the ${readableBytes(BODY_LIMIT)} limit`,
    ),
  },
  '415': { name: 'UnsupportedMediaType', response: errorDetail('A body that is not application/json in UTF-8', UNSUPPORTED_BODY) },
  '422': {
    name: 'ValidationFailed',
    response: {
      description: 'Validation error: one item per failed field (a body that is not JSON, or is missing, included)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } },
    },
  },
  '431': { name: 'RequestHeadersTooLarge', response: errorDetail('Request headers too large', 'Request headers too large') },
  '500': { name: 'InternalError', response: errorDetail('Unexpected failure; the detail is generic', USUAL_DETAILS[500]) },
};

const isReference = (value: object): value is ReferenceObject => '$ref' in value;

/**
 * Completes the description so that no operation can answer a status or a client-readable header
 * it does not declare: the shared answers above, `security: []` on public operations, and on each
 * of its own answers the headers the cross-cutting layers add (X-Request-Id and Cache-Control everywhere, ETag on a
 * success with a body, WWW-Authenticate on 401, X-RateLimit-* where a limit counts).
 */
export function declareCommonResponses(document: OpenAPIObject): void {
  const components = (document.components ??= {});
  components.headers = { ...RESPONSE_HEADERS };
  components.responses = Object.fromEntries(
    Object.values(SHARED_RESPONSES).flatMap(({ name, response }) => {
      const headers = { 'X-Request-Id': headerRef('X-Request-Id'), 'Cache-Control': headerRef('Cache-Control'), ...response.headers };
      return [
        [name, { ...response, headers }],
        [`${name}${WITHIN_A_LIMIT}`, { ...response, headers: { ...headers, ...rateLimitHeaders() } }],
      ];
    }),
  );
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation) declareOn(operation, method);
    }
  }
}

/** The name suffix of a shared answer as a limited operation gives it: with the X-RateLimit-* headers its limit adds. */
const WITHIN_A_LIMIT = 'WithinLimit';

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

const rateLimitHeaders = () => Object.fromEntries(RATE_LIMIT_HEADERS.map((name) => [name, headerRef(name)]));

function declareOn(operation: OperationObject, method: string): void {
  operation.security ??= [];
  const parameters = (operation.parameters ??= []);
  if (method !== 'get' && !parameters.some((parameter) => 'name' in parameter && parameter.name === 'draft'))
    parameters.push(undraftableDraftParameter());
  const responses = operation.responses;
  const rateLimited = RATE_LIMIT_EXTENSION in operation;
  for (const [status, response] of Object.entries(responses)) {
    if (response && !isReference(response)) addHeaders(response, Number(status), rateLimited);
  }
  for (const [status, { name, on }] of Object.entries(SHARED_RESPONSES)) {
    if (on === undefined || on === method)
      responses[status] ??= { $ref: `#/components/responses/${name}${rateLimited ? WITHIN_A_LIMIT : ''}` };
  }
}

function addHeaders(response: ResponseObject, status: number, rateLimited: boolean): void {
  const headers: ResponseHeader[] = ['X-Request-Id', 'Cache-Control'];
  if ((status >= 200 && status < 300 && response.content) || status === 304) headers.push('ETag');
  if (status === 401) headers.push('WWW-Authenticate');
  if (rateLimited && status !== 429) headers.push(...RATE_LIMIT_HEADERS);
  response.headers ??= {};
  for (const name of headers) response.headers[name] ??= headerRef(name);
}
