import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ProjectCardDto } from './project-card.dto';

@ApiSchema({ name: 'ProjectLink' })
export class ProjectLinkDto {
  @ApiProperty({ example: 'ledger-lens' })
  readonly slug!: string;

  @ApiProperty({ example: 'Ledger Lens' })
  readonly title!: string;
}

@ApiSchema({ name: 'ProjectNavigation' })
export class ProjectNavigationDto {
  @ApiProperty({ type: ProjectLinkDto, nullable: true, description: 'null on the first project' })
  readonly previous!: ProjectLinkDto | null;

  @ApiProperty({ type: ProjectLinkDto, nullable: true, description: 'null on the last project' })
  readonly next!: ProjectLinkDto | null;
}

@ApiSchema({ name: 'ProjectDetail' })
export class ProjectDetailDto extends ProjectCardDto {
  @ApiProperty({ example: 'A monitoring platform that turns raw sensor telemetry into alerts.' })
  readonly overview!: string;

  @ApiProperty({ example: 'Sensors reported over a flaky cellular link.' })
  readonly challenge!: string;

  @ApiProperty({ example: 'An MQTT ingestion service writes readings into TimescaleDB.' })
  readonly solution!: string;

  @ApiProperty({ type: [String], example: ['Alerts reach the duty officer in under a minute'] })
  readonly results!: readonly string[];

  @ApiProperty({ type: [String], example: ['Designed the ingestion pipeline'] })
  readonly responsibilities!: readonly string[];

  @ApiProperty({ type: String, nullable: true, example: 'https://tidewatch-demo.example.com/embed' })
  readonly embeddedApp!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  readonly publicationUrl!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  readonly thesisUrl!: string | null;

  @ApiProperty({ type: ProjectNavigationDto, description: 'Neighbours in the order of GET /api/projects' })
  readonly navigation!: ProjectNavigationDto;
}
