import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'IdResponse' })
export class IdResponseDto {
  @ApiProperty({ format: 'uuid', example: '3f1c2a9e-7b5d-4c1e-9a2f-0d8e6b4a1c01' })
  readonly id!: string;
}
