import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import type { TypedBody } from '@/read-model/typed-body';
import { FeedsService } from './feeds.service';
import { SitemapService } from './sitemap.service';
import { ATOM_FEED, JSON_FEED, NO_ADDRESS, PERSON_LD, ROBOTS_TXT, SITEMAP, SOCIAL_CARD } from './site-responses';
import { SocialCardsService } from './social-cards.service';
import { StructuredDataService } from './structured-data.service';

const NO_ADDRESS_OR_PROFILE = { description: 'No site address, or no profile is set', detail: NO_ADDRESS.detail };

/** What crawlers and link previews read of the site as a whole. */
@ApiTags('site')
@Controller('site')
@ServesContent('profile', 'projects')
export class SiteController {
  constructor(
    private readonly sitemaps: SitemapService,
    private readonly feeds: FeedsService,
    private readonly structuredData: StructuredDataService,
    private readonly cards: SocialCardsService,
  ) {}

  @Get('sitemap.xml')
  @PublicRead({
    operationId: 'getSitemap',
    summary: "The site's sitemap: the home page and every project page",
    returns: SITEMAP,
    notFound: NO_ADDRESS,
  })
  sitemap(): Promise<TypedBody> {
    return this.sitemaps.sitemap();
  }

  @Get('robots.txt')
  @PublicRead({ operationId: 'getRobotsTxt', summary: "The site's robots.txt", returns: ROBOTS_TXT, notFound: NO_ADDRESS })
  robots(): Promise<TypedBody> {
    return this.sitemaps.robots();
  }

  @Get('feed.atom')
  @PublicRead({ operationId: 'getAtomFeed', summary: 'The projects as an Atom feed', returns: ATOM_FEED, notFound: NO_ADDRESS })
  atom(@Query() { lang }: LanguageQueryDto): Promise<TypedBody> {
    return this.feeds.atom(lang);
  }

  @Get('feed.json')
  @PublicRead({ operationId: 'getJsonFeed', summary: 'The projects as a JSON Feed', returns: JSON_FEED, notFound: NO_ADDRESS })
  json(@Query() { lang }: LanguageQueryDto): Promise<TypedBody> {
    return this.feeds.json(lang);
  }

  @Get('structured-data')
  @PublicRead({
    operationId: 'getSiteStructuredData',
    summary: 'The Person the site is about, as JSON-LD for the home page',
    returns: PERSON_LD,
    notFound: NO_ADDRESS_OR_PROFILE,
  })
  person(@Query() { lang }: LanguageQueryDto): Promise<TypedBody> {
    return this.structuredData.person(lang);
  }

  @Get('og-image.png')
  @PublicRead({
    operationId: 'getSiteSocialCard',
    summary: "The home page's link preview picture (og:image)",
    description: 'Rendered once per change of what it shows, not per request.',
    returns: SOCIAL_CARD,
    notFound: NO_ADDRESS_OR_PROFILE,
  })
  card(@Query() { lang }: LanguageQueryDto): Promise<TypedBody> {
    return this.cards.home(lang);
  }
}
