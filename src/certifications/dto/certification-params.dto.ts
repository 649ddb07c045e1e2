import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';
import { EXAMPLE_CERTIFICATION_ID } from '@/certifications/certifications.examples';

export class CertificationIdParams {
  @ApiProperty({ format: 'uuid', description: 'Certification UUID', example: EXAMPLE_CERTIFICATION_ID })
  @IsUuid()
  readonly certification_id!: string;
}
