import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Operation } from '@/common/openapi/operation.decorator';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ServesContent } from '@/read-model/serves-content.decorator';
import { CertificationSyncSummaryDto } from './certification-sync-summary.dto';
import { CertificationSyncService } from './certification-sync.service';
import { type ContentWrite, ContentWriteOf } from '@/content-writes/content-write';
import { ContentWrites } from '@/content-writes/content-writes.service';

@ApiTags('certifications')
@Controller('admin')
@ServesContent('certifications')
export class CertificationSyncController {
  constructor(
    private readonly sync: CertificationSyncService,
    private readonly writes: ContentWrites,
  ) {}

  @Post('sync-certifications')
  @HttpCode(HttpStatus.OK)
  @RateLimit(10, 'hour')
  @Operation({
    operationId: 'syncCertifications',
    summary: 'Pull certifications from Credly, Microsoft Learn and Open Badges',
    description:
      'Upserts on (source, external_id); rows with sync_enabled false and manual rows are never changed. ' +
      'A provider that cannot be read is skipped and reported in errors. No bearer is declared: the platform in front of the service protects this path.',
    responses: { 200: CertificationSyncSummaryDto },
  })
  run(@ContentWriteOf() write: ContentWrite): Promise<CertificationSyncSummaryDto> {
    return this.writes.run(write, () => this.sync.sync());
  }
}
