import { Module } from '@nestjs/common';
import { HeapPoolRelease } from './heap-pool-release';
import { HEAP_RUNTIME, nodeHeapRuntime } from './heap-runtime';
import { IdleHeapRelease } from './idle-heap-release';

/** The process's memory: what the heap pools while the service is busy, and what a busy spell grew it into once it is over, is handed back. */
@Module({ providers: [IdleHeapRelease, HeapPoolRelease, { provide: HEAP_RUNTIME, useFactory: nodeHeapRuntime }] })
export class MemoryModule {}
