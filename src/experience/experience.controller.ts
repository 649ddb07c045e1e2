import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ReorderByIdRequestDto } from '@/common/dto/reorder-request.dto';
import { listController } from '@/content-routes/list-controller';
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

export class ExperienceController extends listController({
  domain: 'experience',
  service: ExperienceService,
  list: {
    read: { operationId: 'listExperience', summary: 'Work entries, newest first', returns: [WorkEntryDto] },
    query: ExperienceQueryDto,
    answer: (experience, { top, lang }) => experience.findRecent(top, lang),
  },
  one: {
    read: {
      operationId: 'getWorkEntryByIndex',
      summary: 'One work entry by position (0 is the newest)',
      description: 'Deprecated: indexes shift when entries are reordered. Use GET /api/experience.',
      deprecatedSince: '2026-11-22',
      returns: WorkEntryDto,
      notFound: { description: 'No entry at this index', detail: 'Experience entry at index 12 not found' },
    },
    path: ':index',
    params: ExperienceIndexParams,
    answer: (experience, { index }, lang) => experience.findByIndex(index, lang),
  },
  key: { name: 'entry_id', params: WorkEntryIdParams },
  item: WorkEntryDto,
  notFound: { description: 'No work entry has this id', detail: 'Experience entry 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found' },
  changes: UpdateWorkEntryDto,
  create: {
    operationId: 'createWorkEntry',
    summary: 'Create a work entry; it goes first, as the newest',
    body: CreateWorkEntryDto,
    example: CREATE_WORK_ENTRY_EXAMPLE,
    answers: IdResponseDto,
  },
  reorder: {
    operationId: 'reorderExperience',
    summary: 'Move the listed entries to the front, in the listed order',
    body: ReorderByIdRequestDto,
    example: REORDER_WORK_ENTRIES_EXAMPLE,
    listedDescription: 'Every entry in its new order',
    unknown: {
      description: 'A listed id is unknown; nothing changed',
      detail: 'Unknown experience entry: 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a',
    },
  },
  replace: {
    operationId: 'replaceWorkEntry',
    summary: 'Replace a work entry',
    description: 'company, role and period are required; omitted optional fields are reset.',
    required: ['company', 'role', 'period'],
    example: REPLACE_WORK_ENTRY_EXAMPLE,
  },
  update: { operationId: 'updateWorkEntry', summary: 'Change the given fields of a work entry', example: PATCH_WORK_ENTRY_EXAMPLE },
  remove: { operationId: 'deleteWorkEntry', summary: 'Delete a work entry' },
}) {}
