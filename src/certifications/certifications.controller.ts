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
import { CertificationsService } from './certifications.service';
import { CertificationDto } from './dto/certification.dto';
import { CreateCertificationDto, UpdateCertificationDto } from './dto/create-certification.dto';
import { CertificationIdParams } from './dto/certification-params.dto';
import {
  CREATE_CERTIFICATION_EXAMPLE,
  PATCH_CERTIFICATION_EXAMPLE,
  REORDER_CERTIFICATIONS_EXAMPLE,
  REPLACE_CERTIFICATION_EXAMPLE,
} from './certifications.examples';

const NOT_FOUND = { description: 'No certification has this id', detail: 'Certification 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found' };
const LOCKS_SYNCED =
  'An edit of an entry a provider synced sets syncEnabled false (the sync then keeps the edit), unless the body sets it true.';

@ApiTags('certifications')
@Controller('certifications')
@ContentDomain('certifications')
@DraftableWrites()
export class CertificationsController {
  constructor(private readonly certifications: CertificationsService) {}

  @Get()
  @PublicRead({
    operationId: 'listCertifications',
    summary: 'Certifications in display order, manual and synced alike',
    returns: [CertificationDto],
  })
  findAll(@Query() { lang }: LanguageQueryDto): Promise<CertificationDto[]> {
    return this.certifications.findAll(lang);
  }

  @Post()
  @AdminOperation({
    operationId: 'createCertification',
    summary: 'Create a certification (source manual); it goes last',
    body: { example: CREATE_CERTIFICATION_EXAMPLE },
    responses: { 201: IdResponseDto },
  })
  create(@Body() dto: CreateCertificationDto): Promise<IdResponseDto> {
    return this.certifications.create(dto);
  }

  // Declared before PATCH :certification_id so that "reorder" never meets the UUID check.
  @Patch('reorder')
  @AdminOperation({
    operationId: 'reorderCertifications',
    summary: 'Move the listed certifications to the front, in the listed order',
    body: { example: REORDER_CERTIFICATIONS_EXAMPLE },
    responses: {
      200: { type: [CertificationDto], description: 'Every certification in its new order' },
      404: {
        description: 'A listed id is unknown; nothing changed',
        detail: 'Unknown certification: 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a',
      },
    },
  })
  reorder(@Body() dto: ReorderByIdRequestDto): Promise<CertificationDto[]> {
    return this.certifications.reorder(dto.order);
  }

  @Put(':certification_id')
  @AdminOperation({
    operationId: 'replaceCertification',
    summary: 'Replace a certification',
    description: `title is required; omitted optional fields are reset. ${LOCKS_SYNCED}`,
    body: { example: REPLACE_CERTIFICATION_EXAMPLE },
    responses: { 200: CertificationDto, 404: NOT_FOUND },
  })
  replace(
    @Param() { certification_id }: CertificationIdParams,
    @Body(new RequireFieldsPipe<UpdateCertificationDto>(['title'])) dto: UpdateCertificationDto,
  ): Promise<CertificationDto> {
    return this.certifications.replace(certification_id, dto);
  }

  @Patch(':certification_id')
  @AdminOperation({
    operationId: 'updateCertification',
    summary: 'Change the given fields of a certification',
    description: LOCKS_SYNCED,
    body: { example: PATCH_CERTIFICATION_EXAMPLE },
    responses: { 200: CertificationDto, 404: NOT_FOUND },
  })
  patch(@Param() { certification_id }: CertificationIdParams, @Body() dto: UpdateCertificationDto): Promise<CertificationDto> {
    return this.certifications.patch(certification_id, dto);
  }

  @Delete(':certification_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @AdminOperation({ operationId: 'deleteCertification', summary: 'Delete a certification', responses: { 204: 'Deleted', 404: NOT_FOUND } })
  remove(@Param() { certification_id }: CertificationIdParams): Promise<void> {
    return this.certifications.remove(certification_id);
  }
}
