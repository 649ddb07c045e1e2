import { Controller, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { sendPrepared } from '@/read-model/send-prepared';
import { AwardsService } from './awards.service';
import { AwardDto } from './dto/award.dto';

@ApiTags('credentials')
@ApiDatabaseBacked()
@Controller('api/awards')
export class AwardsController {
  constructor(private readonly awards: AwardsService) {}

  @PublicRead('', { summary: 'Awards in display order', returns: [AwardDto] })
  async findAll(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, await this.awards.listBody());
  }
}
