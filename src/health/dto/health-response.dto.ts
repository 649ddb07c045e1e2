import { ApiProperty } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ example: 'healthy' })
  readonly status!: string;

  @ApiProperty({ example: 'Portfolio Content Service is running' })
  readonly message!: string;
}
