import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';

export class AwardIdParams {
  @ApiProperty({ format: 'uuid', description: 'Award UUID' })
  @IsUuid()
  readonly award_id!: string;
}

export class CertificationIdParams {
  @ApiProperty({ format: 'uuid', description: 'Certification UUID' })
  @IsUuid()
  readonly certification_id!: string;
}
