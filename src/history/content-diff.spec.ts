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

  it('addresses projects by slug and the profile by null', () => {
    expect(diffItems('projects', [{ slug: 'tidewatch', title: 'T' }], [{ slug: 'tidewatch', title: 'T2' }])).toEqual([
      { domain: 'projects', id: 'tidewatch', change: 'changed' },
    ]);
    expect(diffItems('profile', [], [{ name: 'Mara' }])).toEqual([{ domain: 'profile', id: null, change: 'added' }]);
  });
});
