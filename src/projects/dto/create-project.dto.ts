import { ApiSchema, PartialType, PickType } from '@nestjs/swagger';
import { PROJECT_TEXT_FIELDS, type ProjectText, type Translations } from '@/content';
import { TranslationsField, TranslationsOf } from '@/content-domain/translations';
import { NotEquals } from 'class-validator';
import { SlugField } from '@/projects/slug';
import { HttpUrlField, SitePathOrUrlField, TextField, TextListField } from '@/common/validation/validation.decorators';

@ApiSchema({ name: 'ProjectCreate' })
export class CreateProjectDto {
  @TextField({ min: 1, max: 200, example: 'Tidewatch' })
  readonly title!: string;

  @TextField({ min: 1, max: 1000, example: 'Real-time water-level monitoring for a regional water board.' })
  readonly description!: string;

  @SlugField({ description: 'Derived from the title when left out; "reorder" is reserved' })
  @NotEquals('reorder', { message: '"reorder" is reserved' })
  readonly slug?: string;

  @TextField({ max: 5000, optional: true })
  readonly longDescription?: string;

  @TextListField({ maxItems: 50, max: 100, example: ['TypeScript', 'NestJS'] })
  readonly technologies?: string[];

  @TextField({ max: 100, optional: true, example: 'IoT & Data' })
  readonly category?: string;

  @TextField({ max: 100, optional: true, example: 'In production' })
  readonly status?: string;

  @TextField({ max: 500, optional: true })
  readonly impact?: string;

  @SitePathOrUrlField({
    max: 2048,
    description: 'The project page: a path on this site (defaults to /projects/{slug}) or an absolute http(s) URL; "" for none',
  })
  readonly demo?: string;

  @SitePathOrUrlField({
    max: 2048,
    description: 'An absolute http(s) URL or a path on this site; "" for none',
    example: 'https://images.example.com/projects/tidewatch.png',
  })
  readonly image?: string;

  @TextField({ max: 200, optional: true })
  readonly client?: string;

  @TextField({ max: 10000, optional: true })
  readonly overview?: string;

  @TextField({ max: 10000, optional: true })
  readonly challenge?: string;

  @TextField({ max: 10000, optional: true })
  readonly solution?: string;

  @TextListField({ maxItems: 50, max: 1000 })
  readonly results?: string[];

  @TextListField({ maxItems: 50, max: 1000 })
  readonly responsibilities?: string[];

  @HttpUrlField({ max: 2048, absent: 'null' })
  readonly embeddedApp?: string | null;

  @HttpUrlField({ max: 2048, absent: 'null' })
  readonly publicationUrl?: string | null;

  @HttpUrlField({ max: 2048, absent: 'null' })
  readonly thesisUrl?: string | null;

  @TranslationsField(() => ProjectTranslationsDto)
  // Typed by its shape: the model's class is made below, after this one.
  readonly translations?: Translations<ProjectText>;
}

/** The texts of project a visitor reads, in another language: each with its own rules, all optional. */
@ApiSchema({ name: 'ProjectText' })
export class ProjectTextDto extends PartialType(PickType(CreateProjectDto, PROJECT_TEXT_FIELDS), { skipNullProperties: false }) {}

export const ProjectTranslationsDto = TranslationsOf(ProjectTextDto, 'ProjectTranslations');
