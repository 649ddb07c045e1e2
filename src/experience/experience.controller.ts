import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminCreate, AdminDelete, AdminPatch, AdminReplace } from '@/auth/admin-operation.decorator';
import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ReorderByIdRequestDto } from '@/common/dto/reorder-request.dto';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { RateLimit } from '@/common/rate-limit/rate-limit.decorator';
import { ParseIntPathPipe, ParseUUIDPathPipe } from '@/common/validation/path-params.pipe';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { CreateWorkEntryDto } from './dto/create-work-entry.dto';
import { ExperienceQueryDto } from './dto/experience-query.dto';
import { UpdateWorkEntryDto } from './dto/update-work-entry.dto';
import { WorkEntryDto } from './dto/work-entry.dto';
import { ExperienceService } from './experience.service';

const ENTRY_ID_PARAM = { name: 'entry_id', format: 'uuid', description: 'Work entry UUID' };
const NOT_FOUND = 'No work entry has this id';

@ApiTags('experience')
@ApiDatabaseBacked()
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

  @AdminCreate('', { summary: 'Create a work entry; it goes first, as the newest', returns: IdResponseDto })
  create(@Body() dto: CreateWorkEntryDto): Promise<IdResponseDto> {
    return this.experience.create(dto);
  }

  // Declared before PATCH :entry_id so that "reorder" never meets the UUID check.
  @AdminPatch('reorder', {
    summary: 'Move the listed entries to the front, in the listed order',
    returns: [WorkEntryDto],
    outcome: 'Every entry in its new order',
    notFound: 'A listed id is unknown; nothing changed',
  })
  reorder(@Body() dto: ReorderByIdRequestDto): Promise<WorkEntryDto[]> {
    return this.experience.reorder(dto.order);
  }

  @AdminReplace(':entry_id', {
    summary: 'Replace a work entry',
    description: 'company, role and period are required; omitted optional fields are reset.',
    param: ENTRY_ID_PARAM,
    returns: WorkEntryDto,
    notFound: NOT_FOUND,
  })
  replace(
    @Param('entry_id', ParseUUIDPathPipe) id: string,
    @Body(new RequireFieldsPipe<UpdateWorkEntryDto>(['company', 'role', 'period'])) dto: UpdateWorkEntryDto,
  ): Promise<WorkEntryDto> {
    return this.experience.replace(id, dto);
  }

  @AdminPatch(':entry_id', {
    summary: 'Change the given fields of a work entry',
    param: ENTRY_ID_PARAM,
    returns: WorkEntryDto,
    notFound: NOT_FOUND,
  })
  patch(@Param('entry_id', ParseUUIDPathPipe) id: string, @Body() dto: UpdateWorkEntryDto): Promise<WorkEntryDto> {
    return this.experience.patch(id, dto);
  }

  @AdminDelete(':entry_id', { summary: 'Delete a work entry', param: ENTRY_ID_PARAM, notFound: NOT_FOUND })
  remove(@Param('entry_id', ParseUUIDPathPipe) id: string): Promise<void> {
    return this.experience.remove(id);
  }
}
