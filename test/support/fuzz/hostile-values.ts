import fc from 'fast-check';

/** Strings that have broken services before: NUL, CR/LF, markup, traversal, SQL, emoji, size. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\r\nX-Injected: 1',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    '\u202e\u0301\ufeff',
    '😀'.repeat(60),
    'x'.repeat(6_000),
  ),
);

/** Objects whose keys aim at Object.prototype once a server merges them into its own. */
const prototypeKeys: fc.Arbitrary<unknown> = fc.constantFrom(
  JSON.parse('{"__proto__":{"isAdmin":true,"polluted":1}}') as unknown,
  JSON.parse('{"constructor":{"prototype":{"polluted":1}}}') as unknown,
  JSON.parse('{"__proto__":null}') as unknown,
);

/** Arrays and objects nested far deeper than any real body. */
const deepNesting: fc.Arbitrary<unknown> = fc.tuple(fc.integer({ min: 20, max: 400 }), fc.boolean()).map(([depth, useArrays]) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = useArrays ? [value] : { a: value };
  return value;
});

/** Any JSON value a hostile or careless client might send in place of a valid one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(true, false, null, 0, -1, 2 ** 53, 1e308, '1', 'true'),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  prototypeKeys,
  deepNesting,
);
