import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';
import { EXAMPLE_AWARD_ID, EXAMPLE_CERTIFICATION_ID } from '@/credentials/credentials.examples';

export class AwardIdParams {
  @ApiProperty({ format: 'uuid', description: 'Award UUID', example: EXAMPLE_AWARD_ID })
  @IsUuid()
  readonly award_id!: string;
}

export class CertificationIdParams {
  @ApiProperty({ format: 'uuid', description: 'Certification UUID', example: EXAMPLE_CERTIFICATION_ID })
  @IsUuid()
  readonly certification_id!: string;
}
