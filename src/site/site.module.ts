import { Module } from '@nestjs/common';
import { storageFor } from '@/database/storage-for';
import { MediaModule } from '@/media/media.module';
import { ProfileModule } from '@/profile/profile.module';
import { ProjectsModule } from '@/projects/projects.module';
import { CardRenderer } from './card-renderer';
import { FeedsService } from './feeds.service';
import { ProjectSharingController } from './project-sharing.controller';
import { SiteController } from './site.controller';
import { SitePages } from './site-pages';
import { SitemapService } from './sitemap.service';
import { SocialCardStore, SocialCardsInMemory } from './persistence/social-card-store';
import { SocialCardsService } from './social-cards.service';
import { StructuredDataService } from './structured-data.service';

/** The site found and shared: sitemap, robots.txt, feeds, structured data and social cards, made from the content. */
@Module({
  imports: [ProfileModule, ProjectsModule, MediaModule],
  controllers: [SiteController, ProjectSharingController],
  providers: [
    SitePages,
    SitemapService,
    FeedsService,
    StructuredDataService,
    SocialCardsService,
    CardRenderer,
    storageFor(SocialCardStore, {
      postgres: async () => (await import('./persistence/typeorm-social-card-store.js')).typeOrmSocialCards,
      none: () => new SocialCardsInMemory(),
    }),
  ],
})
export class SiteModule {}
