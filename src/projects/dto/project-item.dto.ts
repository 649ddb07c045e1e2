import { ApiProperty, ApiSchema, OmitType } from '@nestjs/swagger';
import { Matches, MaxLength } from 'class-validator';
import { CreateProjectDto, SLUG_PATTERN } from './create-project.dto';

/** A project in a content document: its create model, the slug (its id) required. */
@ApiSchema({ name: 'ProjectItem' })
export class ProjectItemDto extends OmitType(CreateProjectDto, ['slug'] as const) {
  @ApiProperty({ pattern: SLUG_PATTERN.source, maxLength: 100, example: 'tidewatch' })
  @Matches(SLUG_PATTERN, { message: 'String should be lower-case words joined by "-"' })
  @MaxLength(100, { message: 'String should have at most 100 characters' })
  readonly slug!: string;
}
