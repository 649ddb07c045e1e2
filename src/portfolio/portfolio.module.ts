import { Module } from '@nestjs/common';
import { AwardsModule } from '@/awards/awards.module';
import { CertificationsModule } from '@/certifications/certifications.module';
import { ExperienceModule } from '@/experience/experience.module';
import { ProfileModule } from '@/profile/profile.module';
import { ProjectsModule } from '@/projects/projects.module';
import { SkillsModule } from '@/skills/skills.module';
import { ContentDocumentPipe } from './content-document.pipe';
import { ContentSeeder } from './content-seeder';
import { PortfolioController } from './portfolio.controller';
import { PortfolioService } from './portfolio.service';

/** The portfolio as a whole: export and import as one content document, and seeding an empty database. */
@Module({
  imports: [ProfileModule, ProjectsModule, ExperienceModule, SkillsModule, AwardsModule, CertificationsModule],
  controllers: [PortfolioController],
  providers: [PortfolioService, ContentSeeder, ContentDocumentPipe],
  exports: [PortfolioService, ContentDocumentPipe],
})
export class PortfolioModule {}
