import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';
import { CONTENT_DOMAINS } from '@/content';
import { DraftDto, PreviewTokenDto, PublishedDraftDto } from './dto/draft.dto';
import { PublishDraftDto } from './dto/publish-draft.dto';
import { DraftsService } from './drafts.service';

const NO_DRAFT = { description: 'No draft is open', detail: 'No draft is open' };
const NEEDS_A_DATABASE = 'Drafts need a database (503 without one).';

/** The owner's draft: read it, publish it, or throw it away. Writes reach it with ?draft=true. */
@ApiTags('content')
@Controller('admin/draft')
@ServesContent(...CONTENT_DOMAINS)
export class DraftsController {
  constructor(
    private readonly drafts: DraftsService,
    private readonly writes: ContentWrites,
  ) {}

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
    summary: 'Publish the draft now (no body), or schedule it ({ "at": … })',
    description:
      'Now: one transaction, checked as an import is (422 names what is wrong), recorded as one revision with source "publish", served by every instance within 2 s; the draft is closed. ' +
      `A direct write made while the draft was open stays, unless the draft changed the same item: then the draft's version wins and the answer lists it under overridden. ` +
      `Scheduled (202): published once at that time, within 5 s, by whichever instance is up; a time in the past is 422. ${NEEDS_A_DATABASE}`,
    body: {
      example: {},
      summary: 'Publish it now',
      more: { schedule: { summary: 'Schedule it: published once at that time', value: { at: '2036-12-01T08:00:00.000Z' } } },
    },
    responses: { 200: PublishedDraftDto, 202: DraftDto, 404: NO_DRAFT },
  })
  async publish(
    @Body() { at }: PublishDraftDto,
    @ContentWriteOf() write: ContentWrite,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PublishedDraftDto | DraftDto> {
    if (at !== undefined) {
      response.status(HttpStatus.ACCEPTED);
      return this.drafts.schedule(at);
    }
    const published = await this.writes.run(
      write,
      () => this.drafts.publish(),
      ({ changed }) => changed,
    );
    return published.answer;
  }

  @Delete('schedule')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({
    operationId: 'deleteDraftSchedule',
    summary: 'Cancel the scheduled publish; the draft stays',
    description: NEEDS_A_DATABASE,
    responses: {
      204: { description: 'Cancelled' },
      404: { description: 'No draft, or it is not scheduled', detail: 'The draft is not scheduled' },
    },
  })
  cancelSchedule(): Promise<void> {
    return this.drafts.cancelSchedule();
  }

  @Post('preview-token')
  @HttpCode(HttpStatus.OK)
  @AdminOperation({
    operationId: 'createDraftPreviewToken',
    summary: 'A read-only link to the draft, for a friend without an admin credential',
    description:
      'Every public read with ?preview=<token> answers from the draft (the published content while none is open), private and never cached; ' +
      `the token is no admin credential (403 on admin routes), and answers 401 once expired. ${NEEDS_A_DATABASE}`,
    responses: { 200: PreviewTokenDto },
  })
  previewToken(): Promise<PreviewTokenDto> {
    return this.drafts.previewToken();
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
