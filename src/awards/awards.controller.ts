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
import { AwardsService } from './awards.service';
import { AwardDto } from './dto/award.dto';
import { CreateAwardDto, UpdateAwardDto } from './dto/create-award.dto';
import { AwardIdParams } from './dto/award-params.dto';
import { CREATE_AWARD_EXAMPLE, PATCH_AWARD_EXAMPLE, REORDER_AWARDS_EXAMPLE, REPLACE_AWARD_EXAMPLE } from './awards.examples';

const NOT_FOUND = { description: 'No award has this id', detail: 'Award 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found' };

@ApiTags('awards')
@Controller('awards')
@ContentDomain('awards')
@DraftableWrites()
export class AwardsController {
  constructor(private readonly awards: AwardsService) {}

  @Get()
  @PublicRead({ operationId: 'listAwards', summary: 'Awards in display order', returns: [AwardDto] })
  findAll(@Query() { lang }: LanguageQueryDto): Promise<AwardDto[]> {
    return this.awards.findAll(lang);
  }

  @Post()
  @AdminOperation({
    operationId: 'createAward',
    summary: 'Create an award; it goes last',
    body: { example: CREATE_AWARD_EXAMPLE },
    responses: { 201: IdResponseDto },
  })
  create(@Body() dto: CreateAwardDto): Promise<IdResponseDto> {
    return this.awards.create(dto);
  }

  // Declared before PATCH :award_id so that "reorder" never meets the UUID check.
  @Patch('reorder')
  @AdminOperation({
    operationId: 'reorderAwards',
    summary: 'Move the listed awards to the front, in the listed order',
    body: { example: REORDER_AWARDS_EXAMPLE },
    responses: {
      200: { type: [AwardDto], description: 'Every award in its new order' },
      404: { description: 'A listed id is unknown; nothing changed', detail: 'Unknown award: 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a' },
    },
  })
  reorder(@Body() dto: ReorderByIdRequestDto): Promise<AwardDto[]> {
    return this.awards.reorder(dto.order);
  }

  @Put(':award_id')
  @AdminOperation({
    operationId: 'replaceAward',
    summary: 'Replace an award',
    description: 'title, organization and year are required; omitted optional fields are reset.',
    body: { example: REPLACE_AWARD_EXAMPLE },
    responses: { 200: AwardDto, 404: NOT_FOUND },
  })
  replace(
    @Param() { award_id }: AwardIdParams,
    @Body(new RequireFieldsPipe<UpdateAwardDto>(['title', 'organization', 'year'])) dto: UpdateAwardDto,
  ): Promise<AwardDto> {
    return this.awards.replace(award_id, dto);
  }

  @Patch(':award_id')
  @AdminOperation({
    operationId: 'updateAward',
    summary: 'Change the given fields of an award',
    body: { example: PATCH_AWARD_EXAMPLE },
    responses: { 200: AwardDto, 404: NOT_FOUND },
  })
  patch(@Param() { award_id }: AwardIdParams, @Body() dto: UpdateAwardDto): Promise<AwardDto> {
    return this.awards.patch(award_id, dto);
  }

  @Delete(':award_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({ operationId: 'deleteAward', summary: 'Delete an award', responses: { 204: 'Deleted', 404: NOT_FOUND } })
  remove(@Param() { award_id }: AwardIdParams): Promise<void> {
    return this.awards.remove(award_id);
  }
}
