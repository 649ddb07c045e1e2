import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'HealthResponse' })
export class HealthResponseDto {
  @ApiProperty({ example: 'healthy' })
  readonly status!: string;

  @ApiProperty({ example: 'Portfolio Content Service is running' })
  readonly message!: string;
}
