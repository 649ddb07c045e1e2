import { ApiSchema, OmitType } from '@nestjs/swagger';
import { SlugField } from '@/projects/slug';
import { CreateProjectDto } from './create-project.dto';

/** A project in a content document: its create model, the slug (its id) required. */
@ApiSchema({ name: 'ProjectItem' })
export class ProjectItemDto extends OmitType(CreateProjectDto, ['slug'] as const) {
  @SlugField()
  readonly slug!: string;
}
