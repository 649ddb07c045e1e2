import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminRead } from '@/auth/admin-operation.decorator';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { CvDownloadCountsDto } from './dto/cv-download-counts.dto';
import { MetricsService } from './metrics.service';

@ApiTags('metrics')
@ApiDatabaseBacked()
@Controller('api/metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @AdminRead('cv-downloads', { summary: 'CV downloads, in total and per language', returns: CvDownloadCountsDto })
  cvDownloads(): Promise<CvDownloadCountsDto> {
    return this.metrics.cvDownloads();
  }
}
