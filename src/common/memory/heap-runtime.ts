import { constants, type NodeGCPerformanceDetail, performance, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What IdleHeapRelease and HeapPoolRelease ask of the runtime. */
export interface HeapRuntime {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** The share of the time since the last call that the event loop spent running code, 0 to 1. */
  busyShare(): number;
  /** The bytes the JavaScript heap holds from the system. */
  heapBytes(): number;
  /** A full garbage collection that also hands V8's pooled pages and the young generation's unused space back to the system. */
  collect(): void;
  /** Tells `listener` when each full collection ended (on the `now()` clock); answers a function that stops telling it. */
  onFullCollection(listener: (endedAt: number) => void): () => void;
  /** Whether the full collections V8 starts by itself run in its memory-reducing mode, which also hands its pooled pages back. */
  reduceMemoryInCollections(reduce: boolean): void;
}

type GarbageCollection = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export const HEAP_RUNTIME = Symbol('HeapRuntime');

/**
 * Lets the runtime's `collect()` run V8's own `gc`. Set at start-up (main.ts), before the service's
 * code is compiled: a code cache records the V8 flags it was made with, and a process whose flags
 * differ refuses it, so a flag first set by the idle heap release made the cache a stop wrote
 * useless to every start after it.
 */
export function exposeGarbageCollection(): void {
  setFlagsFromString('--expose-gc');
}

/** Node's: the event loop's utilisation, V8's heap statistics and its garbage collections, and V8's own `gc`. */
export function nodeHeapRuntime(): HeapRuntime {
  let since = performance.eventLoopUtilization();
  let gc: GarbageCollection | undefined;
  return {
    now: () => performance.now(),
    busyShare: () => {
      const now = performance.eventLoopUtilization();
      const { utilization } = performance.eventLoopUtilization(now, since);
      since = now;
      return utilization;
    },
    heapBytes: () => getHeapStatistics().total_heap_size,
    collect: () => {
      gc ??= exposedGarbageCollection();
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    },
    onFullCollection: (listener) => {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { detail: NodeGCPerformanceDetail })[]) {
          if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) listener(entry.startTime + entry.duration);
        }
      });
      observer.observe({ entryTypes: ['gc'] });
      return () => observer.disconnect();
    },
    reduceMemoryInCollections: (reduce) => setFlagsFromString(reduce ? '--optimize-for-size' : '--no-optimize-for-size'),
  };
}

/** V8 installs `gc` in the contexts made after the flag is set: one such context hands it over. */
function exposedGarbageCollection(): GarbageCollection {
  exposeGarbageCollection();
  return runInNewContext('gc') as GarbageCollection;
}
