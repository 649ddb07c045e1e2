import { Module } from '@nestjs/common';
import { CredentialsModule } from '@/credentials/credentials.module';
import { ExperienceModule } from '@/experience/experience.module';
import { ProjectsModule } from '@/projects/projects.module';
import { SkillsModule } from '@/skills/skills.module';
import { ContentSeeder } from './content-seeder';
import { PortfolioService } from './portfolio.service';

/** The portfolio as a whole: seeding an empty database from the served content document. */
@Module({
  imports: [ProjectsModule, ExperienceModule, SkillsModule, CredentialsModule],
  providers: [PortfolioService, ContentSeeder],
})
export class PortfolioModule {}
