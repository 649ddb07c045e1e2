import { applyDecorators, type Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsEmail,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  NotContains,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { isPrintableText } from './printable-text';

/**
 * An integer that may arrive as text (a query or path parameter): only plain digit strings are
 * converted, so "", "1.5" or "1e3" fail instead of quietly becoming numbers. Above `clampAt` it
 * counts as `clampAt`.
 */
export function IsWholeNumber({
  min,
  max,
  clampAt = Number.MAX_SAFE_INTEGER,
}: { min?: number; max?: number; clampAt?: number } = {}): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Math.min(Number(value), clampAt) : value,
    ),
    IsInt({ message: 'Input should be a valid integer, unable to parse string as an integer' }),
    ...(min === undefined ? [] : [Min(min, { message: `Input should be greater than or equal to ${min}` })]),
    ...(max === undefined ? [] : [Max(max, { message: `Input should be less than or equal to ${max}` })]),
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
  /** False: control characters are taken too (a visitor's text, kept as sent); the owner's text refuses them. */
  printable?: boolean;
}

/** No control character but tab and line breaks (isPrintableText): what a feed can carry. */
const IsPrintableText = (each: boolean): PropertyDecorator =>
  ValidateBy(
    {
      name: 'printableText',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || isPrintableText(value),
        defaultMessage: () => 'String should not contain control characters (other than tab and line breaks)',
      },
    },
    { each },
  );

/** A string within length bounds that PostgreSQL can store (U+0000 is refused), printable unless said otherwise. */
export function IsText({ min = 0, max, each = false, printable = true }: TextRules): PropertyDecorator {
  return applyDecorators(
    IsString({ each, message: 'Input should be a valid string' }),
    ...(min > 0 ? [MinLength(min, { each, message: `String should have at least ${min} characters` })] : []),
    MaxLength(max, { each, message: `String should have at most ${max} characters` }),
    NotContains('\u0000', { each, message: 'String should not contain the NUL character' }),
    ...(printable ? [IsPrintableText(each)] : []),
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

const QUERY_AND_FRAGMENT = `(?:\\?(?:${PATH_CHAR}|[/?])*)?(?:#(?:${PATH_CHAR}|[/?])*)?`;

/**
 * An http(s) URL a page can link to: a host of DNS labels (or an IPv4 address), an optional port,
 * then RFC 3986's path, query and fragment, every other character percent-encoded. The server
 * checks exactly this grammar and the description declares it as the fields' `pattern`, so a
 * client that checks a link against the description sends nothing the server refuses.
 * (validator's isURL would also take IRIs, characters such as `"`, `{` or `|`, and a second `#`.)
 */
const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const HTTP_URL_GRAMMAR = `https?://${HOST_LABEL}(?:\\.${HOST_LABEL})*(?::\\d{1,5})?(?:/${PATH_CHAR}*)*${QUERY_AND_FRAGMENT}`;
const HTTP_URL = new RegExp(`^${HTTP_URL_GRAMMAR}$`);

export const isHttpUrl = (value: string): boolean => HTTP_URL.test(value);

/** A path on this site: one `/` to begin with, not two (`//host` would be another site), then RFC 3986's path, query and fragment. */
const SITE_PATH_GRAMMAR = `/(?:${PATH_CHAR}(?:${PATH_CHAR}|/)*)?${QUERY_AND_FRAGMENT}`;
const SITE_PATH = new RegExp(`^${SITE_PATH_GRAMMAR}$`);

const HTTP_URL_MESSAGE = 'Input should be an absolute http or https URL, with any other character than RFC 3986 allows percent-encoded';

/** An absolute http(s) URL of at most `max` characters, in RFC 3986's characters (non-ASCII percent-encoded). */
export function IsHttpUrl({ max, each = false }: { max: number; each?: boolean }): PropertyDecorator {
  return applyDecorators(IsText({ max, each }), Matches(HTTP_URL, { each, message: HTTP_URL_MESSAGE }));
}

/** The grammar of each kind of link, as the description declares it (`pattern`): the server checks the same. */
const URL_PATTERN = HTTP_URL.source;
const SITE_PATH_OR_URL_PATTERN = `^(?:|${HTTP_URL_GRAMMAR}|${SITE_PATH_GRAMMAR})$`;

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
        validate: (value: unknown) => typeof value === 'string' && (SITE_PATH.test(value) || HTTP_URL.test(value)),
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

/**
 * An optional list of nested models, its size declared once for the validation and the
 * description; `nullable`: it may also be sent as null.
 */
export function NestedListField(dto: Class, { maxItems, nullable = false }: { maxItems: number; nullable?: boolean }): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [dto], maxItems, ...(nullable ? { nullable: true } : {}) }),
    nullable ? IsNullable() : IsOmittable(),
    IsNestedList(() => dto, { maxItems }),
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
  printable,
  ...doc
}: Omit<TextRules, 'each'> & FieldDoc & { optional?: boolean }): PropertyDecorator {
  const schema = { type: String, maxLength: max, ...(min > 0 ? { minLength: min } : {}), ...doc };
  return applyDecorators(
    optional ? ApiPropertyOptional(schema) : ApiProperty(schema),
    ...(optional ? [IsOmittable()] : []),
    IsText({ min, max, printable }),
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
  const url = { type: 'string', format: 'uri', pattern: URL_PATTERN, maxLength: max } as const;
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
    ApiPropertyOptional({ maxLength: max, pattern: SITE_PATH_OR_URL_PATTERN, ...doc }),
    IsOmittable(),
    IsEmptyOr(),
    IsHttpUrlOrSitePath({ max }),
  );
}

const EMAIL_MESSAGE = 'value is not a valid email address';

/**
 * A plain email address (what mail servers accept: validator's isEmail also takes RFC 5322 quoted
 * local parts such as "a b"@example.org, which they refuse), at most 254 characters, declared
 * once for both: required, or "" (or left out) for none.
 */
export function EmailField({ absent, ...doc }: { absent: 'required' | 'empty' } & FieldDoc): PropertyDecorator {
  const email = { type: 'string', format: 'email', maxLength: 254 } as const;
  const rules = [
    IsEmail({ blacklisted_chars: '"' }, { message: EMAIL_MESSAGE }),
    MaxLength(254, { message: 'String should have at most 254 characters' }),
  ];
  if (absent === 'required') return applyDecorators(ApiProperty({ ...email, ...doc }), ...rules);
  return applyDecorators(
    ApiPropertyOptional({ anyOf: [email, { type: 'string', enum: [''] }], description: 'An email address, or "" for none', ...doc }),
    IsOmittable(),
    IsEmptyOr(),
    ...rules,
  );
}

/** What is left of a string after stripping has at least `min` characters: as a pattern a client can check. */
const trimmedAtLeast = (min: number): string => (min === 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S`);

/** A required string whose leading and trailing whitespace is stripped first, then `min` to `max` characters; declared once for both. */
export function TrimmedTextField({ min, max, printable, ...doc }: Omit<TextRules, 'each'> & { min: number } & FieldDoc): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, minLength: min, maxLength: max, pattern: trimmedAtLeast(min), ...doc }),
    // Only strings are stripped: a number or boolean stays what it is and fails IsText.
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsText({ min, max, printable }),
  );
}
