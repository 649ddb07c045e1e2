import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContentDomain } from '@/read-model/content-domain.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { CertificationsService } from './certifications.service';
import { CertificationDto } from './dto/certification.dto';

@ApiTags('credentials')
@Controller('certifications')
@ContentDomain('certifications')
export class CertificationsController {
  constructor(private readonly certifications: CertificationsService) {}

  @Get()
  @PublicRead({ summary: 'Certifications in display order, manual and synced alike', returns: [CertificationDto] })
  findAll(): Promise<CertificationDto[]> {
    return this.certifications.findAll();
  }
}
