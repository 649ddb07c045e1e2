import { ApiProperty } from '@nestjs/swagger';
import { IsWholeNumber } from '@/common/validation/validation.decorators';

/** Revision ids are PostgreSQL integers. */
export const LARGEST_REVISION_ID = 2_147_483_647;

export class RevisionIdParams {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: LARGEST_REVISION_ID,
    description: 'Revision id (on a new database, 1 is the seed)',
    example: 1,
  })
  @IsWholeNumber({ min: 1, max: LARGEST_REVISION_ID })
  readonly revision_id!: number;
}
