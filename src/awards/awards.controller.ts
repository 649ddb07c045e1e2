import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ReorderByIdRequestDto } from '@/common/dto/reorder-request.dto';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { listController } from '@/content-routes/list-controller';
import { AwardsService } from './awards.service';
import { AwardDto } from './dto/award.dto';
import { CreateAwardDto, UpdateAwardDto } from './dto/create-award.dto';
import { AwardIdParams } from './dto/award-params.dto';
import { CREATE_AWARD_EXAMPLE, PATCH_AWARD_EXAMPLE, REORDER_AWARDS_EXAMPLE, REPLACE_AWARD_EXAMPLE } from './awards.examples';

export class AwardsController extends listController({
  domain: 'awards',
  service: AwardsService,
  list: {
    read: { operationId: 'listAwards', summary: 'Awards in display order', returns: [AwardDto] },
    query: LanguageQueryDto,
    answer: (awards, { lang }) => awards.findAll(lang),
  },
  key: { name: 'award_id', params: AwardIdParams },
  item: AwardDto,
  notFound: { description: 'No award has this id', detail: 'Award 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found' },
  changes: UpdateAwardDto,
  create: {
    operationId: 'createAward',
    summary: 'Create an award; it goes last',
    body: CreateAwardDto,
    example: CREATE_AWARD_EXAMPLE,
    answers: IdResponseDto,
  },
  reorder: {
    operationId: 'reorderAwards',
    summary: 'Move the listed awards to the front, in the listed order',
    body: ReorderByIdRequestDto,
    example: REORDER_AWARDS_EXAMPLE,
    listedDescription: 'Every award in its new order',
    unknown: { description: 'A listed id is unknown; nothing changed', detail: 'Unknown award: 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a' },
  },
  replace: {
    operationId: 'replaceAward',
    summary: 'Replace an award',
    description: 'title, organization and year are required; omitted optional fields are reset.',
    required: ['title', 'organization', 'year'],
    example: REPLACE_AWARD_EXAMPLE,
  },
  update: { operationId: 'updateAward', summary: 'Change the given fields of an award', example: PATCH_AWARD_EXAMPLE },
  remove: { operationId: 'deleteAward', summary: 'Delete an award' },
}) {}
