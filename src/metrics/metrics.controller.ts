import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { CONTENT_STORE_UNAVAILABLE } from '@/common/openapi/common-responses';
import { CvFilesService } from '@/cv/cv-files.service';
import { CvDownloadCountsDto } from './dto/cv-download-counts.dto';

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly cvFiles: CvFilesService) {}

  @Get('cv-downloads')
  @AdminOperation({
    summary: 'CV downloads, in total and per language',
    responses: { 200: CvDownloadCountsDto, 503: CONTENT_STORE_UNAVAILABLE },
  })
  cvDownloads(): Promise<CvDownloadCountsDto> {
    return this.cvFiles.downloadCounts();
  }
}
