import { DraftableWrites } from '@/content-domain/draftable-writes.decorator';
import { type ContentDocument, DEMO_CONTENT } from '@/content';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { CONTENT_DOMAINS } from '@/content';
import { LARGE_BODY_LIMIT, readableBytes } from '@/common/http/body-limits';
import { LargeJsonBody } from '@/common/http/late-body.interceptor';
import { ContentCountsDto, ContentDocumentDto, MAX_ITEMS } from './dto/content-document.dto';
import { ContentDocumentPipe } from './content-document.pipe';
import { PortfolioService } from './portfolio.service';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';

@ApiTags('content')
@Controller('admin/content')
@ServesContent(...CONTENT_DOMAINS)
@DraftableWrites()
export class PortfolioController {
  constructor(
    private readonly portfolio: PortfolioService,
    private readonly writes: ContentWrites,
  ) {}

  @Get()
  @AdminOperation({
    operationId: 'exportContent',
    summary: 'Export all content as one document',
    description: 'From the database, or the served document without one. PUT it back to restore it, or to another environment to move it.',
    responses: { 200: ContentDocumentDto },
  })
  export(): Promise<ContentDocumentDto> {
    return this.portfolio.export();
  }

  @Put()
  // Its body (up to LARGE_BODY_LIMIT) is read only once the credential is checked; no list in it, nested ones included, may hold more than MAX_ITEMS.
  @LargeJsonBody(MAX_ITEMS)
  @AdminOperation({
    operationId: 'importContent',
    summary: 'Replace all content with a document',
    description:
      'One transaction: every list is replaced, or nothing is when anything is invalid (422, with loc paths into the document, the first 100 issues). ' +
      'Contact messages and CV download events are not content and stay. The body (up to 5 MB, uncompressed) is read only after the credential check; ' +
      'imports run one at a time across instances.',
    body: { type: ContentDocumentDto, example: DEMO_CONTENT },
    responses: {
      200: ContentCountsDto,
      413: {
        description: `Request body larger than ${readableBytes(LARGE_BODY_LIMIT)}`,
        detail: `Request body exceeds the ${readableBytes(LARGE_BODY_LIMIT)} limit`,
      },
      415: {
        description: 'The body came with a Content-Encoding other than identity: it is never inflated',
        detail: 'Content-Encoding gzip is not accepted here: send the body as it is',
      },
    },
  })
  // Validated in parts by its own pipe (the global one only sees a plain object): see ContentDocumentPipe.
  import(@Body(ContentDocumentPipe) document: ContentDocument, @ContentWriteOf() write: ContentWrite): Promise<ContentCountsDto> {
    return this.writes.run(write, () => this.portfolio.import(document));
  }
}
