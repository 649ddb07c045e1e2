import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { sendPrepared } from '@/read-model/send-prepared';
import { CertificationsService } from './certifications.service';
import { CertificationDto } from './dto/certification.dto';

@ApiTags('credentials')
@ApiDatabaseBacked()
@Controller('api/certifications')
export class CertificationsController {
  constructor(private readonly certifications: CertificationsService) {}

  @PublicRead('', { summary: 'Certifications in display order, manual and synced alike', returns: [CertificationDto] })
  async findAll(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, await this.certifications.listBody());
  }
}
