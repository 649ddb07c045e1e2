import { createRequire } from 'node:module';
import { types } from 'pg';
import type { TypeId } from 'pg-types';

/** PostgreSQL's type ids of text[] and integer[]: pg-types names only the scalar types. */
const [TEXT_ARRAY, INTEGER_ARRAY, TIMESTAMPTZ] = [1009, 1007, types.builtins.TIMESTAMPTZ] as TypeId[];

/** What pg's own type parsers load: postgres-array and postgres-date, as package.json's overrides pin them. */
const loadedByPgTypes = (name: string): string => {
  const pgTypes = createRequire(require.resolve('pg')).resolve('pg-types');
  return (createRequire(pgTypes)(`${name}/package.json`) as { version: string }).version;
};

/**
 * pg 8's pg-types asks for postgres-array 2 and postgres-date 1, whose parsers build an object per
 * character of an array and run three regular expressions per timestamp; the overrides give it the
 * releases pg-types 4 uses: 6-9% of the CPU of a draft write and its publish at 100x content (BENCHMARKS.md).
 */
describe("pg's type parsers", () => {
  it('are postgres-array 3 and postgres-date 2', () => {
    expect(loadedByPgTypes('postgres-array')).toMatch(/^3\./);
    expect(loadedByPgTypes('postgres-date')).toMatch(/^2\./);
  });

  it('read text and integer arrays as before: quoted, escaped, empty and NULL elements', () => {
    const texts = types.getTypeParser(TEXT_ARRAY, 'text');
    expect(texts('{rust,"two words","",NULL,"NULL","say \\"hi\\"","back\\\\slash"}')).toEqual([
      'rust',
      'two words',
      '',
      null,
      'NULL',
      'say "hi"',
      'back\\slash',
    ]);
    expect(texts('{}')).toEqual([]);
    expect(types.getTypeParser(INTEGER_ARRAY, 'text')('{3,1,2}')).toEqual([3, 1, 2]);
  });

  it('read timestamps with a time zone as the instants they are', () => {
    const timestamp = types.getTypeParser(TIMESTAMPTZ, 'text');
    expect((timestamp('2026-11-27 10:15:30.123+00') as Date).toISOString()).toBe('2026-11-27T10:15:30.123Z');
    expect((timestamp('2026-11-27 11:15:30.5+01') as Date).toISOString()).toBe('2026-11-27T10:15:30.500Z');
    expect((timestamp('2026-11-27 10:15:30.123456+05:30') as Date).toISOString()).toBe('2026-11-27T04:45:30.123Z');
  });
});
