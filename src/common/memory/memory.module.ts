import { Module } from '@nestjs/common';
import { HEAP_RUNTIME, nodeHeapRuntime } from './heap-runtime';
import { IdleHeapRelease } from './idle-heap-release';

/** The process's memory: what a busy spell grew the heap into is handed back when it is over. */
@Module({ providers: [IdleHeapRelease, { provide: HEAP_RUNTIME, useFactory: nodeHeapRuntime }] })
export class MemoryModule {}
