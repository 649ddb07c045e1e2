import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ExplorerTokenDto {
  @ApiProperty({ description: 'A new guest token, or the admin bearer echoed unchanged' })
  readonly token!: string;

  @ApiProperty({ enum: ['guest', 'admin'] })
  readonly role!: 'guest' | 'admin';

  @ApiPropertyOptional({ description: 'Seconds until a guest token expires', example: 3600 })
  readonly expiresIn?: number;
}
