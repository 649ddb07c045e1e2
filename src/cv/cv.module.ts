import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CredentialsModule } from '@/credentials/credentials.module';
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
import { CvDownloadEventEntity } from './entities/cv-download-event.entity';
import { ChromiumPdfRenderer } from './pdf/chromium-pdf.renderer';

@Module({
  imports: [
    TypeOrmModule.forFeature([CvDownloadEventEntity]),
    ProfileModule,
    ProjectsModule,
    ExperienceModule,
    SkillsModule,
    CredentialsModule,
  ],
  controllers: [CvDownloadController, CvGenerationController],
  providers: [CvFilesService, CvGenerationService, CvContentService, CvMetrics, ChromiumPdfRenderer],
  exports: [CvGenerationService, CvFilesService],
})
export class CvModule {}
