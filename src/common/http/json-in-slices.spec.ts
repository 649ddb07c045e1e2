import { parsedInSlices } from './json-in-slices';

const parseFailure = { status: 400, type: 'entity.parse.failed' };

describe('JSON parsed in slices', () => {
  it('reads what JSON.parse reads, a key named __proto__ kept as the own key it is', async () => {
    const text = '{"version":1,"list":[1,-2.5e3,"é \\u00e9 😀",true,null,{"__proto__":{"x":1}}],"nested":{"a":[[]]}}';
    const parsed = (await parsedInSlices(Buffer.from(text))) as { list: object[] };
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
      expect(await parsedInSlices(bytes)).toEqual(document);
    } finally {
      clearInterval(counting);
    }
    expect(bytes.length).toBeGreaterThan(2_000_000);
    expect(turns).toBeGreaterThan(3);
  });

  it('is {} for an empty body, as express.json() makes it', async () => {
    expect(await parsedInSlices(Buffer.alloc(0))).toEqual({});
  });

  it.each(['{"a":1', '{} x', '{}{}', 'nope', '"text"', '42', 'null'])(
    'refuses %j as body-parser refuses what is not a JSON object or array',
    async (text) => {
      await expect(parsedInSlices(Buffer.from(text))).rejects.toMatchObject(parseFailure);
    },
  );
});
