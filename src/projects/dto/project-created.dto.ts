import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ProjectCreated' })
export class ProjectCreatedDto {
  @ApiProperty({ format: 'uuid' })
  readonly id!: string;

  @ApiProperty({ example: 'tidewatch' })
  readonly slug!: string;
}
