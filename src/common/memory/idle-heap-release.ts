import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HEAP_RUNTIME, type HeapRuntime } from './heap-runtime';

/** How often the event loop is looked at. */
const CHECK_EVERY_MS = 5_000;
/** At least this share of a check's interval spent running code is a busy spell (500 ms in 5 s: some hundred requests). */
export const BUSY_SHARE = 0.1;
/** At most this share counts as idle. */
export const IDLE_SHARE = 0.02;

/**
 * Hands back to the system the memory a busy spell grew the JavaScript heap into, once the
 * service is idle again: V8's "last resort" collection (~100 ms, sync: no request is waiting) at
 * the first check that finds the event loop idle after one that found it busy, the start-up
 * counting as one (loading the code, describing the API and preparing the read model leave
 * ~20 MB of heap behind that a service idle from then on would otherwise keep). V8's own memory
 * reducer would do it, but it judges idleness by the allocation rate it sampled at its last
 * collections, and an idle process runs none: after a load stops, it finds the rate "high" for as
 * long as nothing happens (seen with --trace-memory-reducer), and RSS keeps what the load grew it
 * to. A regular full collection shrinks the heap but keeps its freed pages pooled, in RSS.
 */
@Injectable()
export class IdleHeapRelease implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdleHeapRelease.name);
  private timer: NodeJS.Timeout | undefined;
  private busySinceCollection = true;

  constructor(@Inject(HEAP_RUNTIME) private readonly runtime: HeapRuntime) {}

  onApplicationBootstrap(): void {
    this.runtime.busyShare();
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One check: true when it started a collection. */
  check(): boolean {
    const busyShare = this.runtime.busyShare();
    if (busyShare >= BUSY_SHARE) this.busySinceCollection = true;
    if (busyShare > IDLE_SHARE || !this.busySinceCollection) return false;
    this.busySinceCollection = false;
    const [heapBytes, startedAt] = [this.runtime.heapBytes(), performance.now()];
    this.runtime.collect();
    const ms = Math.round(performance.now() - startedAt);
    this.logger.debug({ event: 'idle_heap_release', heapMb: toMb(heapBytes), afterMb: toMb(this.runtime.heapBytes()), ms });
    return true;
  }
}

const toMb = (bytes: number): number => Math.round(bytes / 1_048_576);
