import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, ValidateIf } from 'class-validator';
import { WithId } from '@/common/dto/with-id';
import { SchemaRules } from '@/common/openapi/schema-rules';
import { IsOmittable, IsText } from '@/common/validation/validation.decorators';
import { CreateCertificationDto } from './create-certification.dto';

const PROVIDERS = ['credly', 'microsoft_learn', 'openbadges'];
const SOURCES = ['manual', ...PROVIDERS];

/** A certification in a content document: a synced one names its provider and its id there. */
@ApiSchema({ name: 'CertificationItem' })
@SchemaRules('CertificationItem', {
  if: { properties: { source: { enum: PROVIDERS } }, required: ['source'] },
  then: { properties: { externalId: { type: 'string' } }, required: ['externalId'] },
})
export class CertificationItemDto extends WithId(CreateCertificationDto) {
  @ApiPropertyOptional({ enum: SOURCES, default: 'manual' })
  @IsOmittable()
  @IsIn(SOURCES, { message: `Input should be ${SOURCES.map((source) => `'${source}'`).join(', ')}` })
  readonly source?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    minLength: 1,
    maxLength: 500,
    description: 'Required for a synced entry: its id at the provider',
  })
  @ValidateIf((item: CertificationItemDto) => (item.source ?? 'manual') !== 'manual' || item.externalId != null)
  @IsText({ min: 1, max: 500 })
  readonly externalId?: string | null;
}
