import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Matches, MaxLength, NotEquals } from 'class-validator';
import {
  IsEmptyOr,
  IsHttpUrl,
  IsHttpUrlOrSitePath,
  IsNullable,
  IsOmittable,
  IsText,
  IsTextList,
  SITE_PATH_OR_HTTP_URL,
} from '@/common/validation/validation.decorators';

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

@ApiSchema({ name: 'ProjectCreate' })
export class CreateProjectDto {
  @ApiProperty({ maxLength: 200, example: 'Tidewatch' })
  @IsText({ min: 1, max: 200 })
  readonly title!: string;

  @ApiProperty({ maxLength: 1000, example: 'Real-time water-level monitoring for a regional water board.' })
  @IsText({ min: 1, max: 1000 })
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

  @ApiPropertyOptional({ maxLength: 5000 })
  @IsOmittable()
  @IsText({ max: 5000 })
  readonly longDescription?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 50, example: ['TypeScript', 'NestJS'] })
  @IsOmittable()
  @IsTextList({ maxItems: 50, max: 100 })
  readonly technologies?: string[];

  @ApiPropertyOptional({ maxLength: 100, example: 'IoT & Data' })
  @IsOmittable()
  @IsText({ max: 100 })
  readonly category?: string;

  @ApiPropertyOptional({ maxLength: 100, example: 'In production' })
  @IsOmittable()
  @IsText({ max: 100 })
  readonly status?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOmittable()
  @IsText({ max: 500 })
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

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOmittable()
  @IsText({ max: 200 })
  readonly client?: string;

  @ApiPropertyOptional({ maxLength: 10000 })
  @IsOmittable()
  @IsText({ max: 10000 })
  readonly overview?: string;

  @ApiPropertyOptional({ maxLength: 10000 })
  @IsOmittable()
  @IsText({ max: 10000 })
  readonly challenge?: string;

  @ApiPropertyOptional({ maxLength: 10000 })
  @IsOmittable()
  @IsText({ max: 10000 })
  readonly solution?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOmittable()
  @IsTextList({ maxItems: 50, max: 1000 })
  readonly results?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOmittable()
  @IsTextList({ maxItems: 50, max: 1000 })
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
