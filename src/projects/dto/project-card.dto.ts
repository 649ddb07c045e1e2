import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ImageSetDto } from '@/media/dto/image-set.dto';

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

  @ApiProperty({
    example: 'https://images.example.com/projects/tidewatch.png',
    description: 'A URL, or /api/media/{media_id}: an uploaded picture, which `imageSet` then describes',
  })
  readonly image!: string;

  @ApiPropertyOptional({
    type: ImageSetDto,
    description: 'Present when `image` names an uploaded picture: every source a `<picture>` needs',
  })
  readonly imageSet?: ImageSetDto;

  @ApiProperty({ example: 'Waterschap Rivierenland' })
  readonly client!: string;
}
