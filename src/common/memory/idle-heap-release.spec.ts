import { type HeapRuntime, nodeHeapRuntime } from './heap-runtime';
import { BUSY_SHARE, IDLE_SHARE, IdleHeapRelease } from './idle-heap-release';

const MB = 1_048_576;

/** A runtime whose event loop and heap the test sets, and which counts the collections asked for. */
function fakeRuntime() {
  const state = { busyShare: 0, heapBytes: 60 * MB, collections: 0 };
  const runtime: HeapRuntime = {
    busyShare: () => state.busyShare,
    heapBytes: () => state.heapBytes,
    collect: () => {
      state.collections += 1;
    },
  };
  return { state, release: new IdleHeapRelease(runtime) };
}

describe('IdleHeapRelease', () => {
  it('collects at the first check that finds the service idle after a busy spell, and only then', () => {
    const { state, release } = fakeRuntime();
    const checks = (...busyShares: number[]) =>
      busyShares.map((busyShare) => {
        state.busyShare = busyShare;
        return release.check();
      });
    // The start-up was a busy spell: once idle, one collection, then none while idle.
    expect(checks(0.05, IDLE_SHARE, 0, 0)).toEqual([false, true, false, false]);
    // A busy spell; while it lasts, and as it ends (a check half busy), no collection.
    expect(checks(BUSY_SHARE, 0.9, 0.05)).toEqual([false, false, false]);
    // Idle again: one collection, then none until the next busy spell.
    expect(checks(IDLE_SHARE, 0, 0.01, 0)).toEqual([true, false, false, false]);
    // Light traffic is no busy spell.
    expect(checks(0.05, 0.09, 0)).toEqual([false, false, false]);
    expect(checks(0.5, 0)).toEqual([false, true]);
    expect(state.collections).toBe(3);
  });

  it("hands V8's grown heap back with Node's own runtime", async () => {
    const runtime = nodeHeapRuntime();
    const grown = heapGrownBy(runtime, 64);
    runtime.collect();
    await vi.waitFor(() => expect(grown - runtime.heapBytes()).toBeGreaterThan(32 * MB), { timeout: 10_000, interval: 100 });
  });
});

/** The heap's size with `megabytes` of arrays in it, which are garbage once it returns. */
function heapGrownBy(runtime: HeapRuntime, megabytes: number): number {
  const garbage = Array.from({ length: megabytes }, () => new Array<number>(MB / 8).fill(0.5));
  return garbage.length > 0 ? runtime.heapBytes() : 0;
}
