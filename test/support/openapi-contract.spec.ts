import { type Exchange, OpenApiContract } from './openapi-contract';

const document = {
  paths: {
    '/api/items/{id}': {
      get: {
        responses: {
          '200': {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
            headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/Cache-Control' } },
          },
          '304': { $ref: '#/components/responses/NotModified' },
        },
      },
    },
  },
  components: {
    headers: {
      ETag: { schema: { type: 'string' } },
      'X-Request-Id': { schema: { type: 'string' } },
      'Cache-Control': { schema: { type: 'string' } },
    },
    responses: {
      NotModified: {
        description: 'Not Modified',
        headers: {
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
          'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
        },
      },
    },
    schemas: {
      Item: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: ['string', 'null'] } } },
    },
  },
};

const exchange = (
  status: number,
  body: unknown,
  { path = '/api/items/7', contentType = 'application/json; charset=utf-8', headers = ['content-type', 'cache-control'] } = {},
): Exchange => ({
  method: 'GET',
  path,
  status,
  contentType,
  headers,
  body,
});

describe('OpenApiContract', () => {
  const contract = new OpenApiContract(document);

  it('accepts a body that matches its schema', () => {
    expect(contract.problemWith(exchange(200, { name: 'a', note: null }))).toBeUndefined();
  });

  it('rejects a body that does not', () => {
    expect(contract.problemWith(exchange(200, { note: 5 }))).toContain('does not match its schema');
  });

  it('rejects an undeclared status', () => {
    expect(contract.problemWith(exchange(404, { detail: 'x' }))).toContain('does not declare');
  });

  it('rejects a media type the status does not declare', () => {
    expect(contract.problemWith(exchange(200, undefined, { contentType: 'application/pdf' }))).toBe(
      'GET /api/items/{id} 200 answered application/pdf, but declares application/json',
    );
  });

  it('accepts the client-readable headers a status declares, also through a shared response', () => {
    expect(
      contract.problemWith(exchange(200, { name: 'a' }, { headers: ['content-type', 'cache-control', 'etag', 'vary'] })),
    ).toBeUndefined();
    expect(contract.problemWith(exchange(304, undefined, { contentType: '', headers: ['cache-control', 'x-request-id'] }))).toBeUndefined();
  });

  it('rejects a client-readable header the status does not declare', () => {
    expect(
      contract.problemWith(exchange(200, { name: 'a' }, { headers: ['cache-control', 'etag', 'retry-after', 'x-ratelimit-limit'] })),
    ).toBe('GET /api/items/{id} 200 sent retry-after, x-ratelimit-limit, which it does not declare');
    expect(contract.problemWith(exchange(304, undefined, { contentType: '', headers: ['cache-control', 'etag'] }))).toContain('sent etag');
  });

  it('rejects an answer that does not say how it may be cached', () => {
    expect(contract.problemWith(exchange(200, { name: 'a' }, { headers: ['content-type'] }))).toBe(
      'GET /api/items/{id} 200 does not say how it may be cached (no Cache-Control)',
    );
  });

  it('rejects an undescribed route', () => {
    expect(contract.problemWith(exchange(200, {}, { path: '/api/other' }))).toContain('not in the description');
  });
});
