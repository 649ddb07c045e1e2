import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'CVStatus' })
export class CvStatusDto {
  @ApiProperty({ description: 'Whether PATCH /api/cv/generate is available (the cvGeneration flag)' })
  readonly enabled!: boolean;
}
