import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'AdditionalProject' })
export class AdditionalProjectDto {
  @ApiProperty({ example: 'Sensor Health Dashboard' })
  readonly title!: string;

  @ApiProperty({ example: 'Internal tool that scores sensor reliability per site.' })
  readonly description!: string;
}

@ApiSchema({ name: 'WorkEntry' })
export class WorkEntryDto {
  @ApiProperty({ format: 'uuid', example: '3f1c2a9e-7b5d-4c1e-9a2f-0d8e6b4a1c01' })
  readonly id!: string;

  @ApiProperty({ example: 'Nordlicht Mobility' })
  readonly company!: string;

  @ApiProperty({ example: 'Senior Software Engineer' })
  readonly role!: string;

  @ApiProperty({ description: 'Display text', example: 'Mar 2023 – Present' })
  readonly period!: string;

  @ApiProperty({ example: 'Utrecht, Netherlands' })
  readonly location!: string;

  @ApiProperty({ example: 'Full-time' })
  readonly type!: string;

  @ApiProperty({ example: 'Platform team for a shared e-bike operator.' })
  readonly description!: string;

  @ApiProperty({ type: [String], example: ['Own the trip and pricing services'] })
  readonly responsibilities!: readonly string[];

  @ApiProperty({ type: [String], example: ['TypeScript', 'NestJS'] })
  readonly technologies!: readonly string[];

  @ApiProperty({ type: String, nullable: true, example: null })
  readonly note!: string | null;

  @ApiProperty({ type: [AdditionalProjectDto], nullable: true })
  readonly additionalProjects!: readonly AdditionalProjectDto[] | null;

  @ApiProperty({ type: String, nullable: true, example: 'Cut pricing-service p99 latency from 480 ms to 90 ms' })
  readonly achievement!: string | null;
}
