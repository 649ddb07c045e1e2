import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Matches, MaxLength } from 'class-validator';
import { IsOmittable } from '@/common/validation/validation.decorators';

/** A project's slug: lower-case ASCII words joined by "-", at most this long. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;

/** Lower-case ASCII words joined by "-": "Café Ölstad 2.0" becomes "cafe-olstad-2-0". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/** A slug field, its rule declared once for the validation and the description; `description` makes it optional. */
export function SlugField(optional?: { description: string }): PropertyDecorator {
  const schema = { pattern: SLUG_PATTERN.source, maxLength: MAX_SLUG_LENGTH, example: 'tidewatch' };
  return applyDecorators(
    ...(optional ? [ApiPropertyOptional({ ...schema, ...optional }), IsOmittable()] : [ApiProperty(schema)]),
    Matches(SLUG_PATTERN, { message: 'String should be lower-case words joined by "-"' }),
    MaxLength(MAX_SLUG_LENGTH, { message: `String should have at most ${MAX_SLUG_LENGTH} characters` }),
  );
}
