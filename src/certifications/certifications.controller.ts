import { IdResponseDto } from '@/common/dto/id-response.dto';
import { ReorderByIdRequestDto } from '@/common/dto/reorder-request.dto';
import { LanguageQueryDto } from '@/content-domain/language-query.dto';
import { listController } from '@/content-routes/list-controller';
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

const LOCKS_SYNCED =
  'An edit of an entry a provider synced sets syncEnabled false (the sync then keeps the edit), unless the body sets it true.';

export class CertificationsController extends listController({
  domain: 'certifications',
  service: CertificationsService,
  list: {
    read: {
      operationId: 'listCertifications',
      summary: 'Certifications in display order, manual and synced alike',
      returns: [CertificationDto],
    },
    query: LanguageQueryDto,
    answer: (certifications, { lang }) => certifications.findAll(lang),
  },
  key: { name: 'certification_id', params: CertificationIdParams },
  item: CertificationDto,
  notFound: { description: 'No certification has this id', detail: 'Certification 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a not found' },
  changes: UpdateCertificationDto,
  create: {
    operationId: 'createCertification',
    summary: 'Create a certification (source manual); it goes last',
    body: CreateCertificationDto,
    example: CREATE_CERTIFICATION_EXAMPLE,
    answers: IdResponseDto,
  },
  reorder: {
    operationId: 'reorderCertifications',
    summary: 'Move the listed certifications to the front, in the listed order',
    body: ReorderByIdRequestDto,
    example: REORDER_CERTIFICATIONS_EXAMPLE,
    listedDescription: 'Every certification in its new order',
    unknown: {
      description: 'A listed id is unknown; nothing changed',
      detail: 'Unknown certification: 0b7e2c4a-9d1f-4e6b-8a3c-5f2e1d0c9b8a',
    },
  },
  replace: {
    operationId: 'replaceCertification',
    summary: 'Replace a certification',
    description: `title is required; omitted optional fields are reset. ${LOCKS_SYNCED}`,
    required: ['title'],
    example: REPLACE_CERTIFICATION_EXAMPLE,
  },
  update: {
    operationId: 'updateCertification',
    summary: 'Change the given fields of a certification',
    description: LOCKS_SYNCED,
    example: PATCH_CERTIFICATION_EXAMPLE,
  },
  remove: { operationId: 'deleteCertification', summary: 'Delete a certification' },
}) {}
