import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { storageFor } from '@/database/storage-for';
import { PortfolioModule } from '@/portfolio/portfolio.module';
import { ContentAttributionInterceptor } from './content-attribution.interceptor';
import { ContentHistoryController } from './content-history.controller';
import { ContentHistoryRecorder } from './content-history.recorder';
import { ContentHistoryService } from './content-history.service';
import { ContentHistoryRepository, NoContentHistory } from './persistence/content-history.repository';

/** Content history: who changed what (every admin write is attributed), the revisions kept, and restoring one. */
@Module({
  imports: [PortfolioModule],
  controllers: [ContentHistoryController],
  providers: [
    storageFor(ContentHistoryRepository, {
      postgres: async () => (await import('./persistence/typeorm-content-history.repository.js')).typeOrmContentHistory,
      none: () => new NoContentHistory(),
    }),
    { provide: APP_INTERCEPTOR, useClass: ContentAttributionInterceptor },
    ContentHistoryRecorder,
    ContentHistoryService,
  ],
})
export class HistoryModule {}
