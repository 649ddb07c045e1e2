import { Module } from '@nestjs/common';
import { ContentWrites } from './content-writes.service';

/** The one path of every write to content (ContentWrites): the content controllers and media's admin writes import it. */
@Module({ providers: [ContentWrites], exports: [ContentWrites] })
export class ContentWritesModule {}
