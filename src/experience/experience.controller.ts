import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ParseIntPathPipe } from '@/common/validation/path-params.pipe';
import { ExperienceQueryDto } from './dto/experience-query.dto';
import { WorkEntryDto } from './dto/work-entry.dto';
import { ExperienceService } from './experience.service';

@ApiTags('experience')
@Controller('api/experience')
export class ExperienceController {
  constructor(private readonly experience: ExperienceService) {}

  @Get()
  @RateLimit(60)
  @ApiOperation({ summary: 'Work entries, newest first' })
  @ApiOkResponse({ type: [WorkEntryDto] })
  findAll(@Query() query: ExperienceQueryDto): Promise<WorkEntryDto[]> {
    return this.experience.findAll(query.top);
  }

  @Get(':index')
  @RateLimit(60)
  @ApiOperation({
    summary: 'One work entry by position (0 is the newest)',
    description: 'Deprecated: indexes shift when entries are reordered. Use GET /api/experience.',
    deprecated: true,
  })
  @ApiParam({ name: 'index', schema: { type: 'integer' }, example: 0 })
  @ApiOkResponse({ type: WorkEntryDto })
  @ApiNotFoundResponse({ description: 'No entry at this index', type: ErrorDetailDto })
  findByIndex(@Param('index', ParseIntPathPipe) index: number): Promise<WorkEntryDto> {
    return this.experience.findByIndex(index);
  }
}
