import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

/** The public read names its path parameter as the interface does. */
export class ProjectIdParams {
  @ApiProperty({ description: 'Project slug', example: 'tidewatch' })
  @IsString()
  readonly project_id!: string;
}

export class ProjectSlugParams {
  @ApiProperty({ description: 'Project slug', example: 'tidewatch' })
  @IsString()
  readonly slug!: string;
}
