import { Module } from '@nestjs/common';
import { CredentialsModule } from '@/credentials/credentials.module';
import { storageFor } from '@/database/storage-for';
import { ExperienceModule } from '@/experience/experience.module';
import { ProfileModule } from '@/profile/profile.module';
import { ProjectsModule } from '@/projects/projects.module';
import { SkillsModule } from '@/skills/skills.module';
import { CvContentService } from './cv-content.service';
import { CvDownloadController } from './cv-download.controller';
import { CvFilesService } from './cv-files.service';
import { CvGenerationController } from './cv-generation.controller';
import { CvGenerationService } from './cv-generation.service';
import { CvMetrics } from './cv-metrics';
import { ChromiumPdfRenderer } from './pdf/chromium-pdf.renderer';
import { CvDownloadEventsRepository, TypeOrmCvDownloadEvents, UncountedCvDownloads } from './persistence/cv-download-events.repository';

@Module({
  imports: [ProfileModule, ProjectsModule, ExperienceModule, SkillsModule, CredentialsModule],
  controllers: [CvDownloadController, CvGenerationController],
  providers: [
    CvFilesService,
    CvGenerationService,
    CvContentService,
    CvMetrics,
    ChromiumPdfRenderer,
    storageFor(CvDownloadEventsRepository, {
      postgres: (txHost) => new TypeOrmCvDownloadEvents(txHost),
      none: () => new UncountedCvDownloads(),
    }),
  ],
  exports: [CvGenerationService, CvFilesService],
})
export class CvModule {}
