import { Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { PortfolioModule } from '@/portfolio/portfolio.module';
import { ContentHistoryController } from './content-history.controller';
import { ContentHistoryRecorder } from './content-history.recorder';
import { ContentHistoryService } from './content-history.service';
import { ContentHistoryRepository, NoContentHistory } from './persistence/content-history.repository';
import { ContentWritesModule } from '@/content-writes/content-writes.module';

/** Content history: the revisions kept (every content write attributed on its way: ContentWrites), and restoring one. */
@Module({
  imports: [PortfolioModule, ContentWritesModule],
  controllers: [ContentHistoryController],
  providers: [
    storageFor(ContentHistoryRepository, {
      postgres: async () => (await import('./persistence/typeorm-content-history.repository.js')).typeOrmContentHistory,
      none: () => new NoContentHistory(),
    }),
    ContentHistoryRecorder,
    ContentHistoryService,
  ],
  exports: [ContentHistoryService],
})
export class HistoryModule {}
