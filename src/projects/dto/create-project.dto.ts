import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Matches, MaxLength, NotEquals } from 'class-validator';
import {
  IsEmptyOr,
  IsHttpUrl,
  IsHttpUrlOrSitePath,
  IsNullable,
  IsOmittable,
  SITE_PATH_OR_HTTP_URL,
  TextField,
  TextListField,
} from '@/common/validation/validation.decorators';

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

@ApiSchema({ name: 'ProjectCreate' })
export class CreateProjectDto {
  @TextField({ min: 1, max: 200, example: 'Tidewatch' })
  readonly title!: string;

  @TextField({ min: 1, max: 1000, example: 'Real-time water-level monitoring for a regional water board.' })
  readonly description!: string;

  @ApiPropertyOptional({
    pattern: SLUG_PATTERN.source,
    maxLength: 100,
    description: 'Derived from the title when left out; "reorder" is reserved',
    example: 'tidewatch',
  })
  @IsOmittable()
  @Matches(SLUG_PATTERN, { message: 'String should be lower-case words joined by "-"' })
  @MaxLength(100, { message: 'String should have at most 100 characters' })
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

  @ApiPropertyOptional({
    maxLength: 2048,
    pattern: SITE_PATH_OR_HTTP_URL,
    description: 'The project page: a path on this site (defaults to /projects/{slug}) or an absolute http(s) URL; "" for none',
  })
  @IsOmittable()
  @IsEmptyOr()
  @IsHttpUrlOrSitePath({ max: 2048 })
  readonly demo?: string;

  @ApiPropertyOptional({
    maxLength: 2048,
    pattern: SITE_PATH_OR_HTTP_URL,
    description: 'An absolute http(s) URL or a path on this site; "" for none',
    example: 'https://images.example.com/projects/tidewatch.png',
  })
  @IsOmittable()
  @IsEmptyOr()
  @IsHttpUrlOrSitePath({ max: 2048 })
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

  @ApiPropertyOptional({ type: String, format: 'uri', nullable: true, maxLength: 2048, description: 'An absolute http(s) URL' })
  @IsNullable()
  @IsHttpUrl({ max: 2048 })
  readonly embeddedApp?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uri', nullable: true, maxLength: 2048, description: 'An absolute http(s) URL' })
  @IsNullable()
  @IsHttpUrl({ max: 2048 })
  readonly publicationUrl?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uri', nullable: true, maxLength: 2048, description: 'An absolute http(s) URL' })
  @IsNullable()
  @IsHttpUrl({ max: 2048 })
  readonly thesisUrl?: string | null;
}
