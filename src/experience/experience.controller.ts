import { DraftableWrites } from '@/content-domain/draftable-writes.decorator';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminOperation } from '@/auth/admin-operation.decorator';
import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ReorderByIdRequestDto } from '@/common/dto/reorder-request.dto';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { ContentDomain } from '@/read-model/content-domain.decorator';
import { PublicRead } from '@/read-model/public-read.decorator';
import { CreateWorkEntryDto } from './dto/create-work-entry.dto';
import { ExperienceIndexParams, WorkEntryIdParams } from './dto/experience-params.dto';
import { ExperienceQueryDto } from './dto/experience-query.dto';
import { UpdateWorkEntryDto } from './dto/update-work-entry.dto';
import { WorkEntryDto } from './dto/work-entry.dto';
import {
  CREATE_WORK_ENTRY_EXAMPLE,
  PATCH_WORK_ENTRY_EXAMPLE,
  REORDER_WORK_ENTRIES_EXAMPLE,
  REPLACE_WORK_ENTRY_EXAMPLE,
} from './experience.examples';
import { ExperienceService } from './experience.service';

const NOT_FOUND = { description: 'No work entry has this id', detail: 'Experience entry 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found' };

@ApiTags('experience')
@Controller('experience')
@ContentDomain('experience')
@DraftableWrites()
export class ExperienceController {
  constructor(private readonly experience: ExperienceService) {}

  @Get()
  @PublicRead({ operationId: 'listExperience', summary: 'Work entries, newest first', returns: [WorkEntryDto] })
  findAll(@Query() { top, lang }: ExperienceQueryDto): Promise<WorkEntryDto[]> {
    return this.experience.findRecent(top, lang);
  }

  @Get(':index')
  @PublicRead({
    operationId: 'getWorkEntryByIndex',
    summary: 'One work entry by position (0 is the newest)',
    description: 'Deprecated: indexes shift when entries are reordered. Use GET /api/experience.',
    deprecatedSince: '2026-11-22',
    returns: WorkEntryDto,
    notFound: { description: 'No entry at this index', detail: 'Experience entry at index 12 not found' },
  })
  findByIndex(@Param() { index }: ExperienceIndexParams, @Query() { lang }: LanguageQueryDto): Promise<WorkEntryDto> {
    return this.experience.findByIndex(index, lang);
  }

  @Post()
  @AdminOperation({
    operationId: 'createWorkEntry',
    summary: 'Create a work entry; it goes first, as the newest',
    body: { example: CREATE_WORK_ENTRY_EXAMPLE },
    responses: { 201: IdResponseDto },
  })
  create(@Body() dto: CreateWorkEntryDto): Promise<IdResponseDto> {
    return this.experience.create(dto);
  }

  // Declared before PATCH :entry_id so that "reorder" never meets the UUID check.
  @Patch('reorder')
  @AdminOperation({
    operationId: 'reorderExperience',
    summary: 'Move the listed entries to the front, in the listed order',
    body: { example: REORDER_WORK_ENTRIES_EXAMPLE },
    responses: {
      200: { type: [WorkEntryDto], description: 'Every entry in its new order' },
      404: {
        description: 'A listed id is unknown; nothing changed',
        detail: 'Unknown experience entry: 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a',
      },
    },
  })
  reorder(@Body() dto: ReorderByIdRequestDto): Promise<WorkEntryDto[]> {
    return this.experience.reorder(dto.order);
  }

  @Put(':entry_id')
  @AdminOperation({
    operationId: 'replaceWorkEntry',
    summary: 'Replace a work entry',
    description: 'company, role and period are required; omitted optional fields are reset.',
    body: { example: REPLACE_WORK_ENTRY_EXAMPLE },
    responses: { 200: WorkEntryDto, 404: NOT_FOUND },
  })
  replace(
    @Param() { entry_id }: WorkEntryIdParams,
    @Body(new RequireFieldsPipe<UpdateWorkEntryDto>(['company', 'role', 'period'])) dto: UpdateWorkEntryDto,
  ): Promise<WorkEntryDto> {
    return this.experience.replace(entry_id, dto);
  }

  @Patch(':entry_id')
  @AdminOperation({
    operationId: 'updateWorkEntry',
    summary: 'Change the given fields of a work entry',
    body: { example: PATCH_WORK_ENTRY_EXAMPLE },
    responses: { 200: WorkEntryDto, 404: NOT_FOUND },
  })
  patch(@Param() { entry_id }: WorkEntryIdParams, @Body() dto: UpdateWorkEntryDto): Promise<WorkEntryDto> {
    return this.experience.patch(entry_id, dto);
  }

  @Delete(':entry_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({ operationId: 'deleteWorkEntry', summary: 'Delete a work entry', responses: { 204: 'Deleted', 404: NOT_FOUND } })
  remove(@Param() { entry_id }: WorkEntryIdParams): Promise<void> {
    return this.experience.remove(entry_id);
  }
}
