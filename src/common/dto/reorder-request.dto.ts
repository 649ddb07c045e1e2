import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';
import { IsText } from '@/common/validation/validation.decorators';

const ORDER_DESCRIPTION = 'Ids without duplicates; they take the first places in this order, the rest keep theirs after them';

function IsIdList({ uuid }: { uuid: boolean }): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'Input should be a valid list' }),
    ArrayMaxSize(1000),
    ArrayUnique({ message: 'List should not contain duplicates' }),
    IsText({ min: 1, max: 200, each: true }),
    ...(uuid ? [IsUUID('all', { each: true, message: 'Input should be a valid UUID' })] : []),
  );
}

@ApiSchema({ name: 'ReorderRequest' })
export class ReorderRequestDto {
  @ApiProperty({ type: [String], description: ORDER_DESCRIPTION, example: ['ledger-lens', 'tidewatch'] })
  @IsIdList({ uuid: false })
  readonly order!: string[];
}

/** Work entries are addressed by UUID, so each listed id must be one. */
@ApiSchema({ name: 'ReorderByIdRequest' })
export class ReorderByIdRequestDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'uuid' },
    description: ORDER_DESCRIPTION,
    example: ['3f1c2a9e-7b5d-4c1e-9a2f-0d8e6b4a1c02'],
  })
  @IsIdList({ uuid: true })
  readonly order!: string[];
}
