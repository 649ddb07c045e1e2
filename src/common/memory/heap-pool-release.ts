import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HEAP_RUNTIME, type HeapRuntime } from './heap-runtime';

/** At most this often, one of V8's full collections runs in its memory-reducing mode. */
export const POOL_RELEASE_EVERY_MS = 5_000;

/**
 * Hands back, while the service is busy, the heap pages V8 keeps pooled. V8 (13.6, Node 24) keeps
 * every page a full collection frees in a pool for the heap to grow into again, resident, and
 * empties it only in a memory-reducing collection, which it starts by itself only once the process
 * looks idle: a busy spell held its peak heap in RSS until it ended (a pool of 25-50 MB under the
 * soak's mixed load, BENCHMARKS.md). So after a full collection, at most every 5 s, V8 is told to
 * favour memory (`--optimize-for-size`) until the next full collection it starts, which then runs
 * in that mode and empties the pool. Told so for good, V8 grows the heap so little that a start-up
 * took a third longer and a 5 MB import held the event loop 62-96 ms; one such collection now and
 * then costs neither. The flag is off again at shutdown: the bundle's code cache, written at exit,
 * records V8's flags, and a start (which sets it on nothing) refuses a cache made with others.
 */
@Injectable()
export class HeapPoolRelease implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopListening: (() => void) | undefined;
  private reducing = false;
  private reducedAt = 0;

  constructor(@Inject(HEAP_RUNTIME) private readonly runtime: HeapRuntime) {}

  onApplicationBootstrap(): void {
    this.reducedAt = this.runtime.now();
    this.stopListening = this.runtime.onFullCollection((endedAt) => this.fullCollectionEnded(endedAt));
  }

  onApplicationShutdown(): void {
    this.stopListening?.();
    this.reduce(false);
  }

  private fullCollectionEnded(endedAt: number): void {
    if (this.reducing) {
      this.reduce(false);
      this.reducedAt = endedAt;
    } else if (endedAt - this.reducedAt >= POOL_RELEASE_EVERY_MS) {
      this.reduce(true);
    }
  }

  private reduce(reduce: boolean): void {
    if (reduce === this.reducing) return;
    this.reducing = reduce;
    this.runtime.reduceMemoryInCollections(reduce);
  }
}
