import { Controller, Get, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { CONTENT_STORE_UNAVAILABLE } from '@/common/openapi/common-responses';
import { headerRef } from '@/common/openapi/response-headers';
import { CONTENT_DOMAINS } from '@/content';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { archiveBody } from './archive-reader';
import { ArchiveService } from './archive.service';
import { ArchiveCountsDto, ArchiveQueryDto } from './dto/archive.dto';

const GZIP = 'application/gzip';

/** The whole portfolio, pictures and CVs included, as one .tar.gz: to back it up, or to move it to another host. */
@ApiTags('content')
@Controller('admin/archive')
@ServesContent(...CONTENT_DOMAINS)
export class ArchiveController {
  constructor(
    private readonly archive: ArchiveService,
    private readonly writes: ContentWrites,
  ) {}

  @Get()
  @AdminOperation({
    operationId: 'exportArchive',
    summary: 'Everything the owner made, as one .tar.gz: the content, the pictures, the CVs, the draft',
    description:
      'manifest.json (the format, the counts and each file’s SHA-256), content.json (the content document), media/<id>.<jpg|png> (each picture’s original) ' +
      'with media/<id>.json (its size, placeholder, alt text and focal point), cv/<lang>.pdf with cv/<lang>.json (uploaded or published), draft.json when a draft is open; ' +
      'with ?history=true, history/<id>.json (each revision and its document). Streamed as it is made. Contact messages and download counts are not in it.',
    responses: {
      200: {
        description: 'The archive',
        content: { [GZIP]: { schema: { type: 'string', format: 'binary' } } },
        headers: { 'Content-Disposition': headerRef('Content-Disposition') },
      },
      503: CONTENT_STORE_UNAVAILABLE,
    },
  })
  async export(@Query() { history }: ArchiveQueryDto, @Res() response: Response): Promise<void> {
    response.setHeader('Content-Type', GZIP);
    response.setHeader('Content-Disposition', `attachment; filename="portfolio-${new Date().toISOString().slice(0, 10)}.tar.gz"`);
    await this.archive.export(response, history);
  }

  @Put()
  @ApiConsumes(GZIP)
  @ApiBody({
    required: true,
    description: 'An archive GET /api/admin/archive made, on this instance or another',
    schema: { type: 'string', format: 'binary' },
  })
  @AdminOperation({
    operationId: 'importArchive',
    summary: 'Put an archive back: the content, the pictures, the CVs and the draft, all of them',
    description:
      'The body is read only after the credential check, streamed (at most ARCHIVE_MAX_BYTES, 1 GB), and checked whole before anything changes: ' +
      'a checksum, the document, a picture that is not one or a format this service does not read is 422 naming the file (`loc: ["body", <file>]`), and nothing changes. ' +
      'Then every public read answers as on the instance it came from, and every picture URL answers the same picture, whichever media storage either uses. ' +
      'Pictures the archive does not hold are deleted; the draft is put back unscheduled; an archive with the content history puts it in place of this one’s (new ids, the same times, sources, admins, changes and documents), one without leaves this one’s, the import one revision of it.',
    responses: {
      200: ArchiveCountsDto,
      413: { description: 'An archive over ARCHIVE_MAX_BYTES', detail: 'An archive is at most 1024 MB' },
      415: { description: 'A body that is not application/gzip', detail: 'An archive is sent as application/gzip' },
      503: CONTENT_STORE_UNAVAILABLE,
    },
  })
  import(@Req() request: Request, @ContentWriteOf() write: ContentWrite): Promise<ArchiveCountsDto> {
    return this.writes.run(write, () => this.archive.import(archiveBody(request)));
  }
}
