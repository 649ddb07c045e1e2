import { busyFor } from '@test/support/busy-thread';
import { mappedInSlices, timeSlices } from './event-loop-turns';

describe('timeSlices', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives the event loop back once a loop has run past its slice, so a timer due meanwhile runs before the loop ends', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const giveWay = timeSlices();
    for (let item = 0; item < 4; item += 1) {
      await giveWay();
      busyFor(3);
      order.push(`item ${item}`);
    }
    // 12 ms of work in slices of 5: the loop gives way after its first item at the earliest, and before its last.
    expect(order.indexOf('timer')).toBeGreaterThan(order.indexOf('item 0'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('item 3'));
  });

  it('keeps a loop that stays within its slice in the same turn', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const order: string[] = [];
    setImmediate(() => order.push('next turn'));
    const giveWay = timeSlices();
    for (let item = 0; item < 1_000; item += 1) await giveWay();
    order.push('loop done');
    expect(order).toEqual(['loop done']);
  });
});

describe('mappedInSlices', () => {
  it('maps every item in order, giving the event loop back on the way, so a timer due meanwhile runs before it is done', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 0);
    const mapped = await mappedInSlices([1, 2, 3, 4], (item) => (busyFor(3), item * 2));
    order.push('mapped');
    expect(mapped).toEqual([2, 4, 6, 8]);
    expect(order).toEqual(['timer', 'mapped']);
  });
});
