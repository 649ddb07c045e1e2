import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', '08006', '57P01', '53300', '53100', '3D000', '28P01', '28000', '25006'])(
    'recognises %s',
    (code) => {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    },
  );

  it('recognises pool time-outs and dropped connections by message', () => {
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('looks inside a failed query for the driver error', () => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], withCode('57P03')))).toBe(true);
  });

  it('leaves real query errors alone', () => {
    for (const code of ['23505', '23503', '42P01', '42703', '22P02', '40001'])
      expect(isDatabaseUnavailable(new QueryFailedError('INSERT', [], withCode(code)))).toBe(false);
    expect(isDatabaseUnavailable(new Error('syntax error'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
