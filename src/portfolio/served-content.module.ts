import { Global, Module } from '@nestjs/common';
import { DEMO_CONTENT, ServedContent } from '@/content';

/** The content document every content domain's document adapter reads: the built-in data set. */
@Global()
@Module({
  providers: [{ provide: ServedContent, useValue: { document: DEMO_CONTENT } satisfies ServedContent }],
  exports: [ServedContent],
})
export class ServedContentModule {}
