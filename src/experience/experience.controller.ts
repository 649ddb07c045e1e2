import { Body, Controller, Param, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminCreate, AdminDelete, AdminPatch, AdminReplace } from '@/auth/admin-operation.decorator';
import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ReorderByIdRequestDto } from '@/common/dto/reorder-request.dto';
import { ParseIntPathPipe, ParseUUIDPathPipe } from '@/common/validation/path-params.pipe';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { ApiDatabaseBacked } from '@/database/database-unavailable.decorator';
import { ChangesContent } from '@/read-model/changes-content.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { sendPrepared } from '@/read-model/send-prepared';
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

  @PublicRead('', { summary: 'Work entries, newest first', returns: [WorkEntryDto] })
  async findAll(@Query() query: ExperienceQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, await this.experience.listBody(query.top));
  }

  @PublicRead(':index', {
    summary: 'One work entry by position (0 is the newest)',
    description: 'Deprecated: indexes shift when entries are reordered. Use GET /api/experience.',
    deprecated: true,
    param: { name: 'index', schema: { type: 'integer' }, example: 0 },
    returns: WorkEntryDto,
    notFound: 'No entry at this index',
  })
  async findByIndex(@Param('index', ParseIntPathPipe) index: number, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, await this.experience.entryBody(index));
  }

  @ChangesContent('experience')
  @AdminCreate('', { summary: 'Create a work entry; it goes first, as the newest', returns: IdResponseDto })
  create(@Body() dto: CreateWorkEntryDto): Promise<IdResponseDto> {
    return this.experience.create(dto);
  }

  // Declared before PATCH :entry_id so that "reorder" never meets the UUID check.
  @ChangesContent('experience')
  @AdminPatch('reorder', {
    summary: 'Move the listed entries to the front, in the listed order',
    returns: [WorkEntryDto],
    outcome: 'Every entry in its new order',
    notFound: 'A listed id is unknown; nothing changed',
  })
  reorder(@Body() dto: ReorderByIdRequestDto): Promise<WorkEntryDto[]> {
    return this.experience.reorder(dto.order);
  }

  @ChangesContent('experience')
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

  @ChangesContent('experience')
  @AdminPatch(':entry_id', {
    summary: 'Change the given fields of a work entry',
    param: ENTRY_ID_PARAM,
    returns: WorkEntryDto,
    notFound: NOT_FOUND,
  })
  patch(@Param('entry_id', ParseUUIDPathPipe) id: string, @Body() dto: UpdateWorkEntryDto): Promise<WorkEntryDto> {
    return this.experience.patch(id, dto);
  }

  @ChangesContent('experience')
  @AdminDelete(':entry_id', { summary: 'Delete a work entry', param: ENTRY_ID_PARAM, notFound: NOT_FOUND })
  remove(@Param('entry_id', ParseUUIDPathPipe) id: string): Promise<void> {
    return this.experience.remove(id);
  }
}
