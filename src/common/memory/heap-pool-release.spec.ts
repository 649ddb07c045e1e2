import { HeapPoolRelease, POOL_RELEASE_EVERY_MS } from './heap-pool-release';
import type { HeapRuntime } from './heap-runtime';

/** A runtime whose clock and full collections the test drives, and which records what V8 was told. */
function fakeRuntime() {
  const state = { now: 1_000, listening: false, told: [] as boolean[] };
  let listener: ((endedAt: number) => void) | undefined;
  const runtime: HeapRuntime = {
    now: () => state.now,
    busyShare: () => 0,
    heapBytes: () => 0,
    collect: () => undefined,
    onFullCollection: (told) => {
      listener = told;
      state.listening = true;
      return () => (state.listening = false);
    },
    reduceMemoryInCollections: (reduce) => state.told.push(reduce),
  };
  const fullCollectionAt = (endedAt: number) => listener!(endedAt);
  return { state, fullCollectionAt, release: new HeapPoolRelease(runtime) };
}

describe('HeapPoolRelease', () => {
  it('has the next full collection V8 starts reduce memory, after one that ends 5 s or more after start-up or the last that did', () => {
    const { state, fullCollectionAt, release } = fakeRuntime();
    release.onApplicationBootstrap();
    fullCollectionAt(1_000 + POOL_RELEASE_EVERY_MS - 1);
    expect(state.told).toEqual([]);
    fullCollectionAt(1_000 + POOL_RELEASE_EVERY_MS);
    expect(state.told).toEqual([true]);
    // That next one reduced memory: back to V8's own way until 5 s after it.
    fullCollectionAt(7_000);
    expect(state.told).toEqual([true, false]);
    fullCollectionAt(9_000);
    fullCollectionAt(7_000 + POOL_RELEASE_EVERY_MS - 1);
    expect(state.told).toEqual([true, false]);
    fullCollectionAt(7_000 + POOL_RELEASE_EVERY_MS);
    expect(state.told).toEqual([true, false, true]);
  });

  it('stops listening at shutdown and leaves V8 as it found it, so that the code cache written at exit is the next start’s', () => {
    const { state, fullCollectionAt, release } = fakeRuntime();
    release.onApplicationBootstrap();
    release.onApplicationShutdown();
    expect([state.listening, state.told]).toEqual([false, []]);
    release.onApplicationBootstrap();
    fullCollectionAt(60_000);
    release.onApplicationShutdown();
    expect([state.listening, state.told]).toEqual([false, [true, false]]);
  });
});
