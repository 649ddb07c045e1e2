import { performance } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What IdleHeapRelease asks of the runtime. */
export interface HeapRuntime {
  /** The share of the time since the last call that the event loop spent running code, 0 to 1. */
  busyShare(): number;
  /** The bytes the JavaScript heap holds from the system. */
  heapBytes(): number;
  /** A full garbage collection that also hands V8's pooled pages and the young generation's unused space back to the system. */
  collect(): void;
}

type GarbageCollection = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export const HEAP_RUNTIME = Symbol('HeapRuntime');

/**
 * Lets the runtime's `collect()` run V8's own `gc`. Set at start-up (main.ts), before the service's
 * code is compiled: a code cache records the V8 flags it was made with, and a process whose flags
 * differ refuses it, so the flag first set by the idle heap release made the cache a stop wrote
 * useless to every start after it.
 */
export function exposeGarbageCollection(): void {
  setFlagsFromString('--expose-gc');
}

/** Node's: the event loop's utilisation, V8's heap statistics, and V8's own `gc`. */
export function nodeHeapRuntime(): HeapRuntime {
  let since = performance.eventLoopUtilization();
  let gc: GarbageCollection | undefined;
  return {
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
  };
}

/** V8 installs `gc` in the contexts made after the flag is set: one such context hands it over. */
function exposedGarbageCollection(): GarbageCollection {
  exposeGarbageCollection();
  return runInNewContext('gc') as GarbageCollection;
}
