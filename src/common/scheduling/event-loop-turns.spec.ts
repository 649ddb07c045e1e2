import { busyFor } from '@test/support/busy-thread';
import { backgroundSlices, mappedInSlices, timeSlices } from './event-loop-turns';

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

describe('backgroundSlices', () => {
  /** A clock that moves only when the work below says so: what each side does costs what it says, whatever the machine. */
  let now = 0;
  beforeEach(() => {
    now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => vi.restoreAllMocks());

  /** Others' work, one piece of `msEach` per turn of the event loop until stopped (0: turns that find nothing to do). */
  function othersWorking(msEach: number) {
    const others = { turns: 0, ms: 0, stopped: false };
    const turn = () => {
      if (others.stopped) return;
      others.turns += 1;
      others.ms += msEach;
      now += msEach;
      setImmediate(turn);
    };
    setImmediate(turn);
    return others;
  }

  /** A loop of `items` pieces of 3 ms each, paced by `slices`; answers the clock's time at the start of each piece. */
  async function paced(slices: () => () => Promise<void>, items: number): Promise<number[]> {
    const giveWay = slices();
    const startedAt: number[] = [];
    for (let item = 0; item < items; item += 1) {
      await giveWay();
      startedAt.push(now);
      now += 3;
    }
    return startedAt;
  }

  it('leaves others most of the event loop while they keep it busy, where timeSlices shares it about evenly', async () => {
    const shareOfOthers = async (slices: () => () => Promise<void>) => {
      const others = othersWorking(4);
      await paced(slices, 20);
      others.stopped = true;
      return others.ms / (20 * 3);
    };
    expect(await shareOfOthers(timeSlices)).toBeLessThan(2);
    expect(await shareOfOthers(backgroundSlices)).toBeGreaterThanOrEqual(3);
  });

  it('never waits more than about 20 ms at a time, however busy the event loop stays', async () => {
    const others = othersWorking(4);
    const startedAt = await paced(backgroundSlices, 20);
    others.stopped = true;
    const gaps = startedAt.slice(1).map((at, index) => at - startedAt[index]);
    // A piece (3 ms), then at most 20 ms given way and the poll that ends past it (two pieces of others').
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3 + 20 + 2 * 4);
  });

  it('gives way for one poll a slice, as timeSlices does, when nothing else wants the event loop', async () => {
    const idle = othersWorking(0);
    await paced(backgroundSlices, 20);
    idle.stopped = true;
    // 20 pieces of 3 ms, each past a slice of 2 ms: a slice each, each given way for one poll (two of the idle turns).
    expect(idle.turns).toBeLessThanOrEqual(2 * 20 + 2);
  });

  it('gives way once a loop has run 2 ms, where timeSlices runs 5', async () => {
    /** How many pieces of 1 ms run between two polls of an event loop that has nothing else to do. */
    const piecesASlice = async (slices: () => () => Promise<void>) => {
      const idle = othersWorking(0);
      const giveWay = slices();
      const turnsAt: number[] = [];
      for (let piece = 0; piece < 12; piece += 1) {
        await giveWay();
        turnsAt.push(idle.turns);
        now += 1;
      }
      idle.stopped = true;
      return turnsAt.filter((turns) => turns === turnsAt[0]).length;
    };
    expect(await piecesASlice(timeSlices)).toBe(6);
    expect(await piecesASlice(backgroundSlices)).toBe(3);
  });
});
