import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'ProjectCard' })
export class ProjectCardDto {
  @ApiProperty({ example: 'tidewatch' })
  readonly slug!: string;

  @ApiProperty({ example: 'Tidewatch' })
  readonly title!: string;

  @ApiProperty({ example: 'Real-time water-level monitoring for a regional water board.' })
  readonly description!: string;

  @ApiProperty({ example: 'Tidewatch collects readings from 240 river and canal sensors…' })
  readonly longDescription!: string;

  @ApiProperty({ type: [String], example: ['TypeScript', 'NestJS'] })
  readonly technologies!: readonly string[];

  @ApiProperty({ example: 'IoT & Data' })
  readonly category!: string;

  @ApiProperty({ description: 'Free text, e.g. a lifecycle label', example: 'In production' })
  readonly status!: string;

  @ApiProperty({ example: 'Alerting time cut from 20 minutes to 40 seconds' })
  readonly impact!: string;

  @ApiProperty({ description: 'Site-relative path to the project page', example: '/projects/tidewatch' })
  readonly demo!: string;

  @ApiProperty({ example: 'https://images.example.com/projects/tidewatch.png' })
  readonly image!: string;

  @ApiProperty({ example: 'Waterschap Rivierenland' })
  readonly client!: string;
}
