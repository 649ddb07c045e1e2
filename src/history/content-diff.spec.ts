import { diffItems } from './content-diff';

const award = (id: string, title = id) => ({ id, title });

describe('diffItems', () => {
  it('names what was added, changed and removed, by id', () => {
    expect(diffItems('awards', [award('a'), award('b'), award('c')], [award('a'), award('b', 'B!'), award('d')])).toEqual([
      { domain: 'awards', id: 'c', change: 'removed' },
      { domain: 'awards', id: 'b', change: 'changed' },
      { domain: 'awards', id: 'd', change: 'added' },
    ]);
  });

  it('names only the item that moved when one moves to the front, and nothing when nothing changed', () => {
    const order = ['a', 'b', 'c', 'd'].map((id) => award(id));
    expect(diffItems('awards', order, [order[3], ...order.slice(0, 3)])).toEqual([{ domain: 'awards', id: 'd', change: 'moved' }]);
    expect(diffItems('awards', order, [...order])).toEqual([]);
  });

  it('names only what moved between a long common head and tail', () => {
    const order = Array.from({ length: 12 }, (_, n) => award(`a${n}`));
    const moved = [...order.slice(0, 3), order[8], ...order.slice(3, 8), ...order.slice(9)];
    expect(diffItems('awards', order, moved)).toEqual([{ domain: 'awards', id: 'a8', change: 'moved' }]);
  });

  it('compares orders that share all but an edit without a table of n² cells', () => {
    const many = Array.from({ length: 2_000 }, (_, n) => award(`a${n}`));
    const edited = many.map((item, n) => (n === 1_000 ? award(item.id, 'edited') : item));
    const tables = vi.spyOn(globalThis, 'Uint32Array');
    expect(diffItems('awards', many, edited)).toEqual([{ domain: 'awards', id: 'a1000', change: 'changed' }]);
    expect(tables.mock.calls.reduce((cells, args: unknown[]) => cells + Number(args[0]), 0)).toBeLessThan(many.length);
    tables.mockRestore();
  });

  it('addresses projects by slug and the profile by null', () => {
    expect(diffItems('projects', [{ slug: 'tidewatch', title: 'T' }], [{ slug: 'tidewatch', title: 'T2' }])).toEqual([
      { domain: 'projects', id: 'tidewatch', change: 'changed' },
    ]);
    expect(diffItems('profile', [], [{ name: 'Mara' }])).toEqual([{ domain: 'profile', id: null, change: 'added' }]);
  });
});
