import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';
import { IsText } from '@/common/validation/validation.decorators';

const MAX_IDS = 1000;

/** The order of a reorder: ids without duplicates, declared once for both the validation and the description. */
function IdListField({ uuid, example }: { uuid: boolean; example: string[] }): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 200, ...(uuid ? { format: 'uuid' } : {}) },
      maxItems: MAX_IDS,
      uniqueItems: true,
      description: 'Ids without duplicates; they take the first places in this order, the rest keep theirs after them',
      example,
    }),
    IsArray({ message: 'Input should be a valid list' }),
    ArrayMaxSize(MAX_IDS),
    ArrayUnique({ message: 'List should not contain duplicates' }),
    IsText({ min: 1, max: 200, each: true }),
    ...(uuid ? [IsUUID('all', { each: true, message: 'Input should be a valid UUID' })] : []),
  );
}

@ApiSchema({ name: 'ReorderRequest' })
export class ReorderRequestDto {
  @IdListField({ uuid: false, example: ['ledger-lens', 'tidewatch'] })
  readonly order!: string[];
}

/** Work entries are addressed by UUID, so each listed id must be one. */
@ApiSchema({ name: 'ReorderByIdRequest' })
export class ReorderByIdRequestDto {
  @IdListField({ uuid: true, example: ['3f1c2a9e-7b5d-4c1e-9a2f-0d8e6b4a1c02'] })
  readonly order!: string[];
}
