import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';
import { IsText } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'ReorderRequest' })
export class ReorderRequestDto {
  @ApiProperty({
    type: [String],
    description: 'Ids without duplicates; they take the first places in this order, the rest keep theirs after them',
    example: ['ledger-lens', 'tidewatch'],
  })
  @IsArray({ message: 'Input should be a valid list' })
  @ArrayMaxSize(1000)
  @ArrayUnique({ message: 'List should not contain duplicates' })
  @IsText({ min: 1, max: 200, each: true })
  readonly order!: string[];
}

/** Work entries are addressed by UUID, so each listed id must be one. */
@ApiSchema({ name: 'ReorderByIdRequest' })
export class ReorderByIdRequestDto extends ReorderRequestDto {
  @ApiProperty({ type: [String], format: 'uuid', example: ['3f1c2a9e-7b5d-4c1e-9a2f-0d8e6b4a1c02'] })
  @IsUUID('all', { each: true, message: 'Input should be a valid UUID' })
  declare readonly order: string[];
}
