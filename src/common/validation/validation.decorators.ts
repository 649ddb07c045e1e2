import { applyDecorators, type Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  MinLength,
  NotContains,
  isURL,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

/**
 * An integer that may arrive as text (a query or path parameter): only plain digit strings are
 * converted, so "", "1.5" or "1e3" fail instead of quietly becoming numbers. Above `clampAt` it
 * counts as `clampAt`.
 */
export function IsWholeNumber({ min, clampAt = Number.MAX_SAFE_INTEGER }: { min?: number; clampAt?: number } = {}): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Math.min(Number(value), clampAt) : value,
    ),
    IsInt({ message: 'Input should be a valid integer, unable to parse string as an integer' }),
    ...(min === undefined ? [] : [Min(min, { message: `Input should be greater than or equal to ${min}` })]),
  );
}

/** A UUID in any case, compared in lower case. */
export function IsUuid(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value)),
    IsUUID('all', { message: 'Input should be a valid UUID' }),
  );
}

interface TextRules {
  min?: number;
  max: number;
  each?: boolean;
}

/** A string within length bounds that PostgreSQL can store (U+0000 is refused). */
export function IsText({ min = 0, max, each = false }: TextRules): PropertyDecorator {
  return applyDecorators(
    IsString({ each, message: 'Input should be a valid string' }),
    ...(min > 0 ? [MinLength(min, { each, message: `String should have at least ${min} characters` })] : []),
    MaxLength(max, { each, message: `String should have at most ${max} characters` }),
    NotContains('\u0000', { each, message: 'String should not contain the NUL character' }),
  );
}

/** A list of at most `maxItems` strings, each at most `max` characters. */
export function IsTextList({ maxItems, max }: { maxItems: number; max: number }): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'Input should be a valid list' }),
    ArrayMaxSize(maxItems, { message: `List should have at most ${maxItems} items` }),
    IsText({ max, each: true }),
  );
}

/** An unreserved or sub-delimiter character, or a percent escape (RFC 3986). */
const PLAIN = "[\\w\\-.~!$&'()*+,;=]|%[\\dA-Fa-f]{2}";
const PATH_CHAR = `(?:${PLAIN}|[:@])`;

/**
 * An http(s) URL as RFC 3986's grammar has it: what the description's `format: uri` promises.
 * validator's isURL also takes IRIs (`https://a.example/ü`), characters such as `"`, `{` or `|`,
 * and a second `#`, which a client checking that format would refuse.
 */
const RFC_3986_URI = new RegExp(
  `^https?://(?:(?:${PLAIN}|:)*@)?(?:\\[[\\dA-Fa-f:.]+\\]|(?:${PLAIN})*)(?::\\d*)?(?:/${PATH_CHAR}*)*` +
    `(?:\\?(?:${PATH_CHAR}|[/?])*)?(?:#(?:${PATH_CHAR}|[/?])*)?$`,
);

export const isRfc3986Uri = (value: string): boolean => RFC_3986_URI.test(value);

/** A path on this site: one `/` to begin with (`//host` would be another site), then RFC 3986's path, query and fragment. */
const SITE_PATH = new RegExp(`^/(?!/)(?:${PATH_CHAR}|/)*(?:\\?(?:${PATH_CHAR}|[/?])*)?(?:#(?:${PATH_CHAR}|[/?])*)?$`);

const HTTP_URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const HTTP_URL_MESSAGE = 'Input should be an absolute http or https URL, with any other character than RFC 3986 allows percent-encoded';

/** An absolute http(s) URL of at most `max` characters, in RFC 3986's characters (non-ASCII percent-encoded). */
export function IsHttpUrl({ max, each = false }: { max: number; each?: boolean }): PropertyDecorator {
  return applyDecorators(
    IsText({ max, each }),
    IsUrl(HTTP_URL_OPTIONS, { each, message: HTTP_URL_MESSAGE }),
    Matches(RFC_3986_URI, { each, message: HTTP_URL_MESSAGE }),
  );
}

/** How the description declares such a link: what it starts with (the full grammar is the server's). */
const SITE_PATH_OR_HTTP_URL = '^(?:$|https?://|/(?!/))';

/**
 * A link a page renders (a project's page or image): an absolute http(s) URL as IsHttpUrl has it,
 * or a path on this site. No other scheme (`javascript:`, `data:`, `vbscript:`) ever passes.
 */
function IsHttpUrlOrSitePath({ max }: { max: number }): PropertyDecorator {
  return applyDecorators(
    IsText({ max }),
    ValidateBy({
      name: 'isUrl',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && (SITE_PATH.test(value) || (isURL(value, HTTP_URL_OPTIONS) && RFC_3986_URI.test(value))),
        defaultMessage: () => 'Input should be an absolute http or https URL, or a path on this site starting with a single /',
      },
    }),
  );
}

/** `""` (none), or what the other rules on the field say. */
export const IsEmptyOr = (): PropertyDecorator => ValidateIf((_, value) => value !== '');

/** May be left out, but not sent as null: the column behind it is not nullable. */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_, value) => value !== undefined);

/** May be left out or sent as null. */
export const IsNullable = (): PropertyDecorator => IsOptional();

const DICTIONARY = 'Input should be a valid dictionary';

/** One object validated by its DTO's rules; an array or a scalar is refused. */
export function IsNestedObject(dto: () => Class): PropertyDecorator {
  return applyDecorators(IsObject({ message: DICTIONARY }), ValidateNested(), Type(dto));
}

/**
 * A list of at most `maxItems` objects, each validated by its DTO's rules. Each item must be an
 * object: class-validator would otherwise validate a nested array's items in its place, and a
 * list of lists would pass.
 */
export function IsNestedList(dto: () => Class, { maxItems }: { maxItems: number }): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'Input should be a valid list' }),
    ArrayMaxSize(maxItems, { message: `List should have at most ${maxItems} items` }),
    IsObject({ each: true, message: DICTIONARY }),
    ValidateNested({ each: true }),
    Type(dto),
  );
}

/** What a field shows in the description besides its rules. */
interface FieldDoc {
  description?: string;
  example?: unknown;
}

/**
 * A string field, its rules declared once for both the validation and the description (lengths
 * included), so the two cannot drift apart. `optional`: it may be left out, but not sent as null.
 */
export function TextField({
  min = 0,
  max,
  optional = false,
  ...doc
}: Omit<TextRules, 'each'> & FieldDoc & { optional?: boolean }): PropertyDecorator {
  const schema = { type: String, maxLength: max, ...(min > 0 ? { minLength: min } : {}), ...doc };
  return applyDecorators(
    optional ? ApiPropertyOptional(schema) : ApiProperty(schema),
    ...(optional ? [IsOmittable()] : []),
    IsText({ min, max }),
  );
}

/** A string field that may be left out or sent as null, declared once for both. */
export function NullableTextField({ max, ...doc }: { max: number } & FieldDoc): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ type: String, nullable: true, maxLength: max, ...doc }), IsNullable(), IsText({ max }));
}

/** A list of strings that may be left out: at most `maxItems`, each at most `max` characters, declared once for both. */
export function TextListField({ maxItems, max, ...doc }: { maxItems: number; max: number } & FieldDoc): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'array', items: { type: 'string', maxLength: max }, maxItems, ...doc }),
    IsOmittable(),
    IsTextList({ maxItems, max }),
  );
}

/** How an http(s) URL field may be absent: never, as "" (it may be left out too), or as null. */
type UrlAbsence = 'required' | 'empty' | 'null';

/** An absolute http(s) URL field, declared once for both the validation and the description. */
export function HttpUrlField({ max, absent, ...doc }: { max: number; absent: UrlAbsence } & FieldDoc): PropertyDecorator {
  const url = { type: 'string', format: 'uri', maxLength: max } as const;
  if (absent === 'required') return applyDecorators(ApiProperty({ ...url, ...doc }), IsHttpUrl({ max }));
  if (absent === 'null') {
    return applyDecorators(
      ApiPropertyOptional({ ...url, type: String, nullable: true, description: 'An absolute http(s) URL', ...doc }),
      IsNullable(),
      IsHttpUrl({ max }),
    );
  }
  // "" is no URL: declared beside the URL rather than under its format.
  return applyDecorators(
    ApiPropertyOptional({ anyOf: [url, { type: 'string', enum: [''] }], description: 'An absolute http(s) URL, or "" for none', ...doc }),
    IsOmittable(),
    IsEmptyOr(),
    IsHttpUrl({ max }),
  );
}

/** A link a page renders (a project's page or image): an http(s) URL or a path on this site, "" for none; declared once for both. */
export function SitePathOrUrlField({ max, ...doc }: { max: number } & FieldDoc): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ maxLength: max, pattern: SITE_PATH_OR_HTTP_URL, ...doc }),
    IsOmittable(),
    IsEmptyOr(),
    IsHttpUrlOrSitePath({ max }),
  );
}
