import { MemoryThrottlerStorage } from './memory-throttler.storage';

const MINUTE = 60_000;
const HOUR = 3_600_000;

describe('MemoryThrottlerStorage', () => {
  let now: number;
  let storage: MemoryThrottlerStorage;
  beforeEach(() => {
    now = 1_000_000;
    storage = new MemoryThrottlerStorage(() => now);
  });

  it('counts hits in a window that opens at the first hit', async () => {
    expect(await storage.increment('k', MINUTE, 60)).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 60 });
    now += 59_000;
    expect(await storage.increment('k', MINUTE, 60)).toEqual({ totalHits: 2, timeToExpire: 1, isBlocked: false, timeToBlockExpire: 1 });
  });

  it('blocks past the limit until the window closes, in whole seconds rounded up', async () => {
    for (let i = 0; i < 5; i += 1) await storage.increment('k', MINUTE, 5);
    now += 58_500;
    expect(await storage.increment('k', MINUTE, 5)).toEqual({ totalHits: 6, timeToExpire: 2, isBlocked: true, timeToBlockExpire: 2 });
    now += 1_499;
    expect((await storage.increment('k', MINUTE, 5)).timeToBlockExpire).toBe(1);
  });

  it('starts a fresh window once the old one has passed', async () => {
    await storage.increment('k', MINUTE, 60);
    now += MINUTE;
    expect((await storage.increment('k', MINUTE, 60)).totalHits).toBe(1);
  });

  it('keeps keys apart', async () => {
    await storage.increment('a', MINUTE, 60);
    expect((await storage.increment('b', MINUTE, 60)).totalHits).toBe(1);
  });

  it('forgets expired clients, so memory follows the active ones', async () => {
    for (let i = 0; i < 1000; i += 1) await storage.increment(`client-${i}`, MINUTE, 60);
    expect(storage.trackedKeys).toBe(1000);
    now += 61_000;
    await storage.increment('late', MINUTE, 60);
    expect(storage.trackedKeys).toBe(1);
  });

  it('holds one counter however hard one client floods', async () => {
    for (let i = 0; i < 20_000; i += 1) await storage.increment('flooder', MINUTE, 60);
    expect(storage.trackedKeys).toBe(1);
    expect((await storage.increment('flooder', MINUTE, 60)).totalHits).toBe(20_001);
  });

  it('lets each key go when its window ends, however long the windows of other keys are', async () => {
    await storage.increment('sync-route:client', HOUR, 10);
    for (let i = 0; i < 1000; i += 1) await storage.increment(`client-${i}`, MINUTE, 60);
    now += MINUTE + 1_000;
    await storage.increment('late', MINUTE, 60);
    expect(storage.trackedKeys).toBe(2);
    expect((await storage.increment('sync-route:client', HOUR, 10)).totalHits).toBe(2);
  });

  it('keeps a reopened window until its new end', async () => {
    await storage.increment('a', MINUTE, 60);
    await storage.increment('b', MINUTE, 60);
    now += MINUTE;
    await storage.increment('a', MINUTE, 60);
    now += 30_000;
    await storage.increment('c', MINUTE, 60);
    expect(storage.trackedKeys).toBe(2);
    expect((await storage.increment('a', MINUTE, 60)).totalHits).toBe(2);
  });

  it('shows a window without counting a hit', async () => {
    expect(await storage.peek('k', MINUTE, 5)).toBeNull();
    await storage.increment('k', MINUTE, 5);
    expect(await storage.peek('k', MINUTE, 5)).toEqual({ totalHits: 1, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 60 });
    expect(await storage.peek('k', MINUTE, 5)).toMatchObject({ totalHits: 1 });
    now += MINUTE;
    expect(await storage.peek('k', MINUTE, 5)).toBeNull();
  });
});
