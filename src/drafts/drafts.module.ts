import { Module, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { storageFor } from '@/database/storage-for';
import { MediaModule } from '@/media/media.module';
import { PortfolioModule } from '@/portfolio/portfolio.module';
import { ContentWritesModule } from '@/content-writes/content-writes.module';
import { ContentWrites } from '@/content-writes/content-writes.service';
import { DraftPreviewInterceptor } from './draft-preview.interceptor';
import { PreviewTokenStrategy } from './preview-token.strategy';
import { PreviewTokens } from './preview-tokens';
import { DraftsController } from './drafts.controller';
import { DraftsService } from './drafts.service';
import { DraftsRepository, NoDrafts } from './persistence/drafts.repository';
import { ScheduledPublishing } from './scheduled-publishing';
import { JobsModule } from '@/jobs/jobs.module';

/** The owner's draft: content writes with ?draft=true change it; publishing makes it what visitors see. */
@Module({
  imports: [PortfolioModule, MediaModule, ContentWritesModule, JobsModule],
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
    { provide: APP_INTERCEPTOR, useClass: DraftPreviewInterceptor },
  ],
  exports: [DraftsService],
})
export class DraftsModule implements OnModuleInit {
  constructor(
    private readonly writes: ContentWrites,
    private readonly drafts: DraftsService,
  ) {}

  /** Content writes with ?draft=true go to the draft; the writes' path cannot import it (media, below the drafts, takes that path too). */
  onModuleInit(): void {
    this.writes.draftsGoTo(this.drafts);
  }
}
