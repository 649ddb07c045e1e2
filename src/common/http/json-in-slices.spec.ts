import { parsedInSlices } from './json-in-slices';

/** Longer than any list these documents hold. */
const LONGEST_LIST = 100_000;

const parseFailure = { status: 400, type: 'entity.parse.failed' };

describe('JSON parsed in slices', () => {
  it('reads what JSON.parse reads, a key named __proto__ kept as the own key it is', async () => {
    const text = '{"version":1,"list":[1,-2.5e3,"é \\u00e9 😀",true,null,{"__proto__":{"x":1}}],"nested":{"a":[[]]}}';
    const parsed = (await parsedInSlices(Buffer.from(text), LONGEST_LIST)) as { list: object[] };
    expect(parsed).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(parsed.list[5])).toBe(Object.prototype);
    expect(Object.keys(parsed.list[5])).toEqual(['__proto__']);
  });

  it('gives the event loop back while it parses a document of megabytes', async () => {
    const document = {
      items: Array.from({ length: 40_000 }, (_, index) => ({ id: index, title: `Item ${index}`, tags: ['a', 'b', 'c'] })),
    };
    const bytes = Buffer.from(JSON.stringify(document));
    let turns = 0;
    const counting = setInterval(() => (turns += 1), 0);
    try {
      expect(await parsedInSlices(bytes, LONGEST_LIST)).toEqual(document);
    } finally {
      clearInterval(counting);
    }
    expect(bytes.length).toBeGreaterThan(2_000_000);
    expect(turns).toBeGreaterThan(3);
  });

  it('cuts every list, nested ones and lists of objects too, to one item more than the longest allowed', async () => {
    const text = '{"numbers":[1,2,3,4,5],"nested":[[1,2,3,4],[5]],"objects":[{"a":1},{"b":[1,2,3,4]},{"c":3},{"d":4}],"short":[1]}';
    expect(await parsedInSlices(Buffer.from(text), 2)).toEqual({
      numbers: [1, 2, 3],
      nested: [[1, 2, 3], [5]],
      objects: [{ a: 1 }, { b: [1, 2, 3] }, { c: 3 }],
      short: [1],
    });
    expect(await parsedInSlices(Buffer.from('[1,2,3,4]'), 2)).toEqual([1, 2, 3]);
  });

  it('is {} for an empty body, as express.json() makes it', async () => {
    expect(await parsedInSlices(Buffer.alloc(0), LONGEST_LIST)).toEqual({});
  });

  it.each(['{"a":1', '{} x', '{}{}', 'nope', '"text"', '42', 'null'])(
    'refuses %j as body-parser refuses what is not a JSON object or array',
    async (text) => {
      await expect(parsedInSlices(Buffer.from(text), LONGEST_LIST)).rejects.toMatchObject(parseFailure);
    },
  );
});
