import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsUuid } from '@/common/validation/validation.decorators';

/** A create model plus the UUID that addresses the item: an item of a content document. */
export function WithId<T extends Type>(CreateModel: T) {
  class Identified extends CreateModel {
    @ApiProperty({ format: 'uuid', example: '3f1c2a9e-7b5d-4c1e-9a2f-0d8e6b4a1c01' })
    @IsUuid()
    readonly id!: string;
  }
  return Identified;
}
