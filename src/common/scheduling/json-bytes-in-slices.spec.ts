import { busyFor } from '@test/support/busy-thread';
import { jsonBytesInSlices } from './json-bytes-in-slices';

describe('jsonBytesInSlices', () => {
  it.each([
    ['a list', [{ slug: 'a', tags: ['x', 'y'] }, 'b', 3, null, true]],
    ['a list with items JSON has no text for', [undefined, () => 1, Symbol('s'), { gone: undefined }]],
    ['a list of items with their own JSON', [new Date(0), { toJSON: () => 'own' }]],
    ['an empty list', []],
    ['an object', { items: [1, 2], total: 2 }],
    ['a string', 'text "quoted", ünïcode ✓'],
    ['a list of texts beyond ASCII', ['één', '日本', '🎉']],
    ['a number', 5],
    ['null', null],
  ])('writes %s as JSON.stringify does', async (_case, value) => {
    expect((await jsonBytesInSlices(value)).toString()).toBe(JSON.stringify(value));
  });

  it('gives the event loop back while a long list is written, so a timer due meanwhile runs before it is done', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const slow = { toJSON: () => (busyFor(6), 'slow') };
    const written = jsonBytesInSlices([slow, slow, slow, slow]).then(() => order.push('written'));
    await written;
    expect(order).toEqual(['timer', 'written']);
  });
});
