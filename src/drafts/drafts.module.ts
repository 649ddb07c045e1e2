import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { storageFor } from '@/database/storage-for';
import { MediaModule } from '@/media/media.module';
import { PortfolioModule } from '@/portfolio/portfolio.module';
import { DraftPreviewInterceptor } from './draft-preview.interceptor';
import { DraftWriteInterceptor } from './draft-write.interceptor';
import { PreviewTokenStrategy } from './preview-token.strategy';
import { PreviewTokens } from './preview-tokens';
import { DraftsController } from './drafts.controller';
import { DraftsService } from './drafts.service';
import { DraftsRepository, NoDrafts } from './persistence/drafts.repository';
import { ScheduledPublishing } from './scheduled-publishing';

/** The owner's draft: content writes with ?draft=true change it; publishing makes it what visitors see. */
@Module({
  imports: [PortfolioModule, MediaModule],
  controllers: [DraftsController],
  providers: [
    storageFor(DraftsRepository, {
      postgres: async () => (await import('./persistence/typeorm-drafts.repository.js')).typeOrmDrafts,
      none: () => new NoDrafts(),
    }),
    DraftsService,
    ScheduledPublishing,
    PreviewTokens,
    PreviewTokenStrategy,
    { provide: APP_INTERCEPTOR, useClass: DraftWriteInterceptor },
    { provide: APP_INTERCEPTOR, useClass: DraftPreviewInterceptor },
  ],
})
export class DraftsModule {}
