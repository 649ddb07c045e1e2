import type { Response } from 'supertest';
import { OpenApiContract } from './openapi-contract';

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

const response = (status: number, body: unknown, path = '/api/items/7') =>
  ({ status, body, headers: { 'content-type': 'application/json' }, req: { method: 'GET', path } }) as unknown as Response;

describe('OpenApiContract', () => {
  const contract = new OpenApiContract(document);

  it('accepts a body that matches its schema', () => {
    expect(() => contract.assert(response(200, { name: 'a', note: null }))).not.toThrow();
  });

  it('rejects a body that does not', () => {
    expect(() => contract.assert(response(200, { note: 5 }))).toThrow('does not match its schema');
  });

  it('rejects an undeclared status', () => {
    expect(() => contract.assert(response(404, { detail: 'x' }))).toThrow('does not declare');
  });

  it('rejects an undescribed route', () => {
    expect(() => contract.assert(response(200, {}, '/api/other'))).toThrow('not in the description');
  });
});
