import { Controller, Delete, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { ContentDomain } from '@/read-model/content-domain.decorator';
import { CONTENT_DOMAINS } from '@/content';
import { DraftDto, PublishedDraftDto } from './dto/draft.dto';
import { DraftsService } from './drafts.service';

const NO_DRAFT = { description: 'No draft is open', detail: 'No draft is open' };
const NEEDS_A_DATABASE = 'Drafts need a database (503 without one).';

/** The owner's draft: read it, publish it, or throw it away. Writes reach it with ?draft=true. */
@ApiTags('content')
@Controller('admin/draft')
@ContentDomain(...CONTENT_DOMAINS)
export class DraftsController {
  constructor(private readonly drafts: DraftsService) {}

  @Get()
  @AdminOperation({
    operationId: 'getDraft',
    summary: 'The draft: what publishing it would change, and the content it would publish',
    description: `Direct writes made since it opened show in it, except where the draft changed the same item. ${NEEDS_A_DATABASE}`,
    responses: { 200: DraftDto, 404: NO_DRAFT },
  })
  current(): Promise<DraftDto> {
    return this.drafts.current();
  }

  @Post('publish')
  @HttpCode(HttpStatus.OK)
  @AdminOperation({
    operationId: 'publishDraft',
    summary: 'Publish the draft now: visitors see it, on every instance, within 2 s',
    description:
      'One transaction, checked as an import is (422 names what is wrong), recorded as one revision with source "publish"; the draft is closed. ' +
      `A direct write made while the draft was open stays, unless the draft changed the same item: then the draft's version wins and the answer lists it under overridden. ${NEEDS_A_DATABASE}`,
    responses: { 200: PublishedDraftDto, 404: NO_DRAFT },
  })
  publish(): Promise<PublishedDraftDto> {
    return this.drafts.publish();
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({
    operationId: 'discardDraft',
    summary: 'Throw the draft away; the published content stays as it is',
    description: NEEDS_A_DATABASE,
    responses: { 204: { description: 'Discarded' }, 404: NO_DRAFT },
  })
  discard(): Promise<void> {
    return this.drafts.discard();
  }
}
