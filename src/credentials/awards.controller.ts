import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { AwardsService } from './awards.service';
import { AwardDto } from './dto/award.dto';

@ApiTags('credentials')
@ApiDatabaseBacked()
@Controller('api/awards')
export class AwardsController {
  constructor(private readonly awards: AwardsService) {}

  @Get()
  @RateLimit(60)
  @ApiOperation({ summary: 'Awards in display order' })
  @ApiOkResponse({ type: [AwardDto] })
  findAll(): Promise<AwardDto[]> {
    return this.awards.findAll();
  }
}
