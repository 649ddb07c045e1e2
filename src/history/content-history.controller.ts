import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { HttpValidationErrorDto } from '@/common/http/error-bodies.dto';
import { CONTENT_STORE_UNAVAILABLE } from '@/common/openapi/common-responses';
import { type ContentDocument } from '@/content';
import { ContentCountsDto, ContentDocumentDto } from '@/portfolio/dto/content-document.dto';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { CONTENT_DOMAINS } from '@/content';
import { ContentHistoryService } from './content-history.service';
import { ContentRevisionDto } from './dto/content-revision.dto';
import { RevisionIdParams } from './dto/revision-params.dto';
import { RevisionsQueryDto } from './dto/revisions-query.dto';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';

const NOT_FOUND = { description: 'No revision has this id (or it is older than the revisions kept)', detail: 'Revision 4711 not found' };

/** The content's history: every change kept (the last CONTENT_HISTORY_LIMIT), and any of them restored. */
@ApiTags('content')
@Controller('admin/content/revisions')
@ServesContent(...CONTENT_DOMAINS)
export class ContentHistoryController {
  constructor(
    private readonly history: ContentHistoryService,
    private readonly writes: ContentWrites,
  ) {}

  @Get()
  @AdminOperation({
    operationId: 'listContentRevisions',
    summary: 'Content revisions, newest first',
    description:
      'Every change to content (an admin write, an import, a restore, the certification sync, the seed, SQL typed by hand) is one revision, ' +
      'recorded within 2 seconds. For the next page, pass the last id as `before`.',
    responses: { 200: { type: [ContentRevisionDto], description: 'At most `limit` revisions' }, 503: CONTENT_STORE_UNAVAILABLE },
  })
  list(@Query() { limit, before }: RevisionsQueryDto): Promise<ContentRevisionDto[]> {
    return this.history.list(limit, before);
  }

  @Get(':revision_id')
  @AdminOperation({
    operationId: 'getContentRevision',
    summary: 'The whole content document as it stood after a revision',
    description: 'The shape of GET /api/admin/content: PUT it there, or restore the revision, to make it the content again.',
    responses: { 200: ContentDocumentDto, 404: NOT_FOUND, 503: CONTENT_STORE_UNAVAILABLE },
  })
  document(@Param() { revision_id }: RevisionIdParams): Promise<ContentDocument> {
    return this.history.document(revision_id);
  }

  @Post(':revision_id/restore')
  @HttpCode(HttpStatus.OK)
  @AdminOperation({
    operationId: 'restoreContentRevision',
    summary: 'Make the content what it was after a revision',
    description:
      'As an import of that revision’s document: one transaction, every list replaced. It is recorded as a revision of its own (source `restore`), ' +
      'so restoring the revision before it undoes it.',
    responses: {
      200: ContentCountsDto,
      404: NOT_FOUND,
      422: {
        type: HttpValidationErrorDto,
        description:
          'The revision’s document breaks today’s rules (recorded under older ones, or from SQL typed by hand): `loc` points into it',
      },
      503: CONTENT_STORE_UNAVAILABLE,
    },
  })
  restore(@Param() { revision_id }: RevisionIdParams, @ContentWriteOf() write: ContentWrite): Promise<ContentCountsDto> {
    return this.writes.run(write, () => this.history.restore(revision_id));
  }
}
