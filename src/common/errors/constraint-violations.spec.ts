import { QueryFailedError } from 'typeorm';
import { isForeignKeyViolation, isUniqueViolation } from './constraint-violations';

const failedQuery = (code: unknown) => new QueryFailedError('INSERT', [], Object.assign(new Error('failed'), { code }));

describe('constraint violations', () => {
  it("read PostgreSQL's code from the driver error inside TypeORM's failed query", () => {
    expect([isUniqueViolation(failedQuery('23505')), isForeignKeyViolation(failedQuery('23503'))]).toEqual([true, true]);
    expect([isUniqueViolation(failedQuery('23503')), isForeignKeyViolation(failedQuery('23505'))]).toEqual([false, false]);
  });

  it('are nothing else: a bare driver error, a code that is not a string, no error at all', () => {
    for (const error of [Object.assign(new Error('failed'), { code: '23505' }), failedQuery(23505), null, undefined, '23505'])
      expect(isUniqueViolation(error)).toBe(false);
  });
});
