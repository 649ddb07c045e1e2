import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';
import { EXAMPLE_AWARD_ID } from '@/awards/awards.examples';

export class AwardIdParams {
  @ApiProperty({ format: 'uuid', description: 'Award UUID', example: EXAMPLE_AWARD_ID })
  @IsUuid()
  readonly award_id!: string;
}
