import { type Exchange, OpenApiContract } from './openapi-contract';

const document = {
  paths: {
    '/api/items/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Item: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: ['string', 'null'] } } },
    },
  },
};

const exchange = (
  status: number,
  body: unknown,
  { path = '/api/items/7', contentType = 'application/json; charset=utf-8' } = {},
): Exchange => ({
  method: 'GET',
  path,
  status,
  contentType,
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

  it('rejects an undescribed route', () => {
    expect(contract.problemWith(exchange(200, {}, { path: '/api/other' }))).toContain('not in the description');
  });
});
