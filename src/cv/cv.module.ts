import { Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { FlagsModule } from '@/flags/flags.module';
import { ProfileModule } from '@/profile/profile.module';
import { JobsModule } from '@/jobs/jobs.module';
import { WebhooksModule } from '@/webhooks/webhooks.module';
import { CvAdminController } from './cv-admin.controller';
import { CvContentService } from './cv-content.service';
import { CvDownloadCountsController } from './cv-download-counts.controller';
import { CvDownloadController } from './cv-download.controller';
import { CvDownloadRetention } from './cv-download-retention.service';
import { CvFilesService } from './cv-files.service';
import { CvGenerationController } from './cv-generation.controller';
import { CvGenerationService } from './cv-generation.service';
import { CvMetrics } from './cv-metrics';
import { CvPublishingService } from './cv-publishing.service';
import { StoredCvCopies } from './stored-cv-copies';
import { ChromiumPdfRenderer } from './pdf/chromium-pdf.renderer';
import { CvDocumentsRepository, NoStoredCvs } from './persistence/cv-documents.repository';
import { CvDownloadEventsRepository, UncountedCvDownloads } from './persistence/cv-download-events.repository';

/** The CV: its files, downloads, generation and publishing. It reads the content through ContentDomainStores; the profile it asks itself whose CV is served. */
@Module({
  imports: [ProfileModule, FlagsModule, WebhooksModule, JobsModule],
  controllers: [CvDownloadController, CvGenerationController, CvDownloadCountsController, CvAdminController],
  providers: [
    CvFilesService,
    StoredCvCopies,
    CvDownloadRetention,
    CvGenerationService,
    CvContentService,
    CvMetrics,
    CvPublishingService,
    ChromiumPdfRenderer,
    storageFor(CvDownloadEventsRepository, {
      postgres: async () => (await import('./persistence/typeorm-cv-download-events.repository.js')).typeOrmCvDownloadEvents,
      none: () => new UncountedCvDownloads(),
    }),
    storageFor(CvDocumentsRepository, {
      postgres: async () => (await import('./persistence/typeorm-cv-documents.repository.js')).typeOrmCvDocuments,
      none: () => new NoStoredCvs(),
    }),
  ],
  exports: [CvGenerationService, CvFilesService, CvPublishingService],
})
export class CvModule {}
