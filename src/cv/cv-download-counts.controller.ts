import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { CONTENT_STORE_UNAVAILABLE } from '@/common/openapi/common-responses';
import { CvFilesService } from './cv-files.service';
import { CvDownloadCountsDto } from './dto/cv-download-counts.dto';

/** The CV's download counts, for admins (every instance counts the same: from the stored events). */
@ApiTags('cv')
@Controller('metrics')
export class CvDownloadCountsController {
  constructor(private readonly cvFiles: CvFilesService) {}

  @Get('cv-downloads')
  @AdminOperation({
    operationId: 'getCvDownloadCounts',
    summary: 'CV downloads, in total and per language',
    responses: { 200: CvDownloadCountsDto, 503: CONTENT_STORE_UNAVAILABLE },
  })
  cvDownloads(): Promise<CvDownloadCountsDto> {
    return this.cvFiles.downloadCounts();
  }
}
