import { Module } from '@nestjs/common';
import { ContentWritesModule } from '@/content-writes/content-writes.module';
import { CvModule } from '@/cv/cv.module';
import { DraftsModule } from '@/drafts/drafts.module';
import { HistoryModule } from '@/history/history.module';
import { MediaModule } from '@/media/media.module';
import { PortfolioModule } from '@/portfolio/portfolio.module';
import { ArchiveController } from './archive.controller';
import { ArchiveService } from './archive.service';

/** The whole portfolio as one .tar.gz, and back: a backup, or a move to another host. */
@Module({
  imports: [PortfolioModule, MediaModule, CvModule, DraftsModule, HistoryModule, ContentWritesModule],
  controllers: [ArchiveController],
  providers: [ArchiveService],
  exports: [ArchiveService],
})
export class ArchiveModule {}
