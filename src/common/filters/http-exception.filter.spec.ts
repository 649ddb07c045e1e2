import { type ArgumentsHost, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { HttpExceptionFilter } from './http-exception.filter';

const failedQuery = (code: string) => new QueryFailedError('INSERT', [], Object.assign(new Error('failed'), { code }));

/** What the filter writes: status, headers and body, on a response as Express's chains it. */
function answerTo(exception: unknown): { status: number; body: unknown } {
  const answer = { status: 0, body: undefined as unknown };
  const response = {
    headersSent: false,
    status: (status: number) => ((answer.status = status), response),
    type: () => response,
    setHeader: () => response,
    end: (json: string) => (answer.body = JSON.parse(json)),
  };
  const request = { complete: true, requestId: 'request-1', method: 'PUT', path: '/api/admin/content' };
  const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return answer;
}

describe('HttpExceptionFilter', () => {
  it('answers a key or a link a concurrent write got to first with 409, and anything else unexpected with a bare 500', () => {
    const conflict = { status: 409, body: { detail: 'A concurrent change got there first; nothing was changed, try again' } };
    expect(answerTo(failedQuery('23505'))).toEqual(conflict);
    expect(answerTo(failedQuery('23503'))).toEqual(conflict);
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(answerTo(failedQuery('42P01'))).toEqual({ status: 500, body: { detail: 'Internal server error' } });
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ event: 'unhandled_error', requestId: 'request-1' }));
    logged.mockRestore();
  });
});
