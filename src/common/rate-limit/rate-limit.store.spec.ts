import { InMemoryRateLimitStore } from './rate-limit.store';

describe('InMemoryRateLimitStore', () => {
  let now: number;
  let store: InMemoryRateLimitStore;
  beforeEach(() => {
    now = 1_000_000;
    store = new InMemoryRateLimitStore(() => now);
  });

  it('counts hits in a window that opens at the first hit', async () => {
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 59_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 2, resetInMs: 1_000 });
  });

  it('starts a fresh window once the old one has passed', async () => {
    await store.hit('k', 60_000);
    now += 60_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('keeps keys apart', async () => {
    await store.hit('a', 60_000);
    expect((await store.hit('b', 60_000)).count).toBe(1);
  });

  it('forgets expired clients, so memory follows the active ones', async () => {
    for (let i = 0; i < 1000; i += 1) await store.hit(`client-${i}`, 60_000);
    expect(store.trackedKeys).toBe(1000);
    now += 61_000;
    await store.hit('late', 60_000);
    expect(store.trackedKeys).toBe(1);
  });

  it('holds one entry however hard one client floods', async () => {
    for (let i = 0; i < 10_000; i += 1) await store.hit('flooder', 60_000);
    expect(store.trackedKeys).toBe(1);
    expect((await store.hit('flooder', 60_000)).count).toBe(10_001);
  });
});
