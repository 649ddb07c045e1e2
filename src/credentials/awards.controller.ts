import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContentDomain } from '@/read-model/content-domain.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { AwardsService } from './awards.service';
import { AwardDto } from './dto/award.dto';

@ApiTags('credentials')
@Controller('awards')
@ContentDomain('awards')
export class AwardsController {
  constructor(private readonly awards: AwardsService) {}

  @Get()
  @PublicRead({ summary: 'Awards in display order', returns: [AwardDto] })
  findAll(): Promise<AwardDto[]> {
    return this.awards.findAll();
  }
}
