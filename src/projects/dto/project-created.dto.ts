import { ApiProperty } from '@nestjs/swagger';

export class ProjectCreatedDto {
  @ApiProperty({ format: 'uuid' })
  readonly id!: string;

  @ApiProperty({ example: 'tidewatch' })
  readonly slug!: string;
}
