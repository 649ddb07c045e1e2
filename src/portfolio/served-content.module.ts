import { stat } from 'node:fs/promises';
import { Global, Module } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { contentConfig } from '@/config/content.config';
import { DEMO_CONTENT, DEMO_CONTENT_CHANGED_AT, ServedContent } from '@/content';
import { loadContentFile } from './content-file';

/** The content document every content domain's document adapter reads: CONTENT_FILE, or the built-in data set. */
@Global()
@Module({
  providers: [
    {
      provide: ServedContent,
      inject: [contentConfig.KEY],
      useFactory: async ({ file }: ConfigType<typeof contentConfig>): Promise<ServedContent> =>
        file
          ? { document: await loadContentFile(file), changedAt: (await stat(file)).mtime, source: `CONTENT_FILE ${file}` }
          : { document: DEMO_CONTENT, changedAt: DEMO_CONTENT_CHANGED_AT, source: 'the built-in data set' },
    },
  ],
  exports: [ServedContent],
})
export class ServedContentModule {}
