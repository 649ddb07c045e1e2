import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { ProjectIdParams } from '@/projects/dto/project-params.dto';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import type { TypedBody } from '@/read-model/typed-body';
import { CREATIVE_WORK_LD, SOCIAL_CARD } from './site-responses';
import { SocialCardsService } from './social-cards.service';
import { StructuredDataService } from './structured-data.service';

const NOT_FOUND = { description: 'No project has this slug, or the site has no address', detail: 'Project "harbour-planer" not found' };

/** What crawlers and link previews read of one project's page. */
@ApiTags('site')
@Controller('projects')
@ServesContent('profile', 'projects')
export class ProjectSharingController {
  constructor(
    private readonly structuredData: StructuredDataService,
    private readonly cards: SocialCardsService,
  ) {}

  @Get(':project_id/structured-data')
  @PublicRead({
    operationId: 'getProjectStructuredData',
    summary: 'A project as JSON-LD for its page',
    returns: CREATIVE_WORK_LD,
    notFound: NOT_FOUND,
  })
  structured(@Param() { project_id }: ProjectIdParams, @Query() { lang }: LanguageQueryDto): Promise<TypedBody> {
    return this.structuredData.project(project_id, lang);
  }

  @Get(':project_id/og-image.png')
  @PublicRead({
    operationId: 'getProjectSocialCard',
    summary: "A project page's link preview picture (og:image)",
    description: 'Rendered once per change of what it shows, not per request.',
    returns: SOCIAL_CARD,
    notFound: NOT_FOUND,
  })
  card(@Param() { project_id }: ProjectIdParams, @Query() { lang }: LanguageQueryDto): Promise<TypedBody> {
    return this.cards.project(project_id, lang);
  }
}
