import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { CertificationsService } from './certifications.service';
import { CertificationDto } from './dto/certification.dto';

@ApiTags('credentials')
@ApiDatabaseBacked()
@Controller('api/certifications')
export class CertificationsController {
  constructor(private readonly certifications: CertificationsService) {}

  @Get()
  @RateLimit(60)
  @ApiOperation({ summary: 'Certifications in display order, manual and synced alike' })
  @ApiOkResponse({ type: [CertificationDto] })
  findAll(): Promise<CertificationDto[]> {
    return this.certifications.findAll();
  }
}
