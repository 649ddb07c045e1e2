import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ErrorDetail' })
export class ErrorDetailDto {
  @ApiProperty({ example: 'Project "unknown-slug" not found' })
  readonly detail!: string;
}

@ApiSchema({ name: 'ValidationError' })
export class ValidationErrorItemDto {
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    example: ['body', 'name'],
  })
  readonly loc!: (string | number)[];

  @ApiProperty({ example: 'String should have at least 2 characters' })
  readonly msg!: string;

  @ApiProperty({ example: 'string_too_short' })
  readonly type!: string;
}

@ApiSchema({ name: 'HTTPValidationError' })
export class HttpValidationErrorDto {
  @ApiProperty({ type: [ValidationErrorItemDto] })
  readonly detail!: ValidationErrorItemDto[];
}
