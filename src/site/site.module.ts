import { Module } from '@nestjs/common';
import { MediaModule } from '@/media/media.module';
import { ProfileModule } from '@/profile/profile.module';
import { ProjectsModule } from '@/projects/projects.module';
import { CardRenderer } from './card-renderer';
import { FeedsService } from './feeds.service';
import { ProjectSharingController } from './project-sharing.controller';
import { SiteController } from './site.controller';
import { SitePages } from './site-pages';
import { SitemapService } from './sitemap.service';
import { SocialCardsService } from './social-cards.service';
import { StructuredDataService } from './structured-data.service';

/** The site found and shared: sitemap, robots.txt, feeds, structured data and social cards, made from the content. */
@Module({
  imports: [ProfileModule, ProjectsModule, MediaModule],
  controllers: [SiteController, ProjectSharingController],
  providers: [SitePages, SitemapService, FeedsService, StructuredDataService, SocialCardsService, CardRenderer],
})
export class SiteModule {}
