import type { IncomingMessage } from 'node:http';
import { assignRequestId } from './request-id.middleware';

const requestWith = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

describe('a request id', () => {
  it('is a new UUID when the request has none', () => {
    expect(assignRequestId(requestWith())).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('is the incoming one when it is well-formed', () => {
    const request = requestWith('trace-42/abc');
    expect(assignRequestId(request)).toBe('trace-42/abc');
    expect(request.requestId).toBe('trace-42/abc');
  });

  it.each([
    ['too long', 'a'.repeat(201)],
    ['with spaces', 'two words'],
    ['non-ASCII', 'caf\u00e9'],
    ['with a control character', 'a\u0007b'],
  ])('is a new UUID in place of an incoming one %s', (_, id) => {
    expect(assignRequestId(requestWith(id))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
