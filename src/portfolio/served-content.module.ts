import { Global, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { contentConfig } from '@/config/content.config';
import { DEMO_CONTENT, ServedContent } from '@/content';
import { loadContentFile } from './content-file';

/** The content document every content domain's document adapter reads: CONTENT_FILE, or the built-in data set. */
@Global()
@Module({
  providers: [
    {
      provide: ServedContent,
      inject: [contentConfig.KEY],
      useFactory: async ({ file }: ConfigType<typeof contentConfig>): Promise<ServedContent> => ({
        document: file ? await loadContentFile(file) : DEMO_CONTENT,
        source: file ? `CONTENT_FILE ${file}` : 'the built-in data set',
      }),
    },
  ],
  exports: [ServedContent],
})
export class ServedContentModule {}
