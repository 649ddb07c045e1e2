import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { ChangesContent } from '@/read-model/changes-content.decorator';
import { CertificationSyncSummaryDto } from './certification-sync-summary.dto';
import { CertificationSyncService } from './certification-sync.service';

@ApiTags('certifications')
@Controller('api/admin')
export class CertificationSyncController {
  constructor(private readonly sync: CertificationSyncService) {}

  @Post('sync-certifications')
  @HttpCode(HttpStatus.OK)
  @RateLimit(10, 'hour')
  @ChangesContent('certifications')
  @ApiDatabaseBacked()
  @ApiOperation({
    summary: 'Pull certifications from Credly, Microsoft Learn and Open Badges',
    description:
      'Upserts on (source, external_id); rows with sync_enabled false and manual rows are never changed. ' +
      'A provider that cannot be read is skipped and reported in errors. No bearer is declared: the platform in front of the service protects this path.',
  })
  @ApiOkResponse({ type: CertificationSyncSummaryDto })
  run(): Promise<CertificationSyncSummaryDto> {
    return this.sync.sync();
  }
}
