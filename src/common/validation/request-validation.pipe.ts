import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { ErrorLocation, RequestValidationException } from './request-validation.exception';
import { toValidationIssues } from './validation-issues';

/** Deeper bodies are refused before class-transformer recurses into them and overflows the stack. */
const MAX_BODY_DEPTH = 32;

const LOCATIONS: Partial<Record<ArgumentMetadata['type'], ErrorLocation>> = {
  body: 'body',
  query: 'query',
  param: 'path',
};

/**
 * Validates bodies, queries and path DTOs and answers FastAPI-shaped 422s whose `loc`
 * starts with where the value came from. Unknown body fields are dropped, not refused.
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  /** Whether a query DTO accepts no parameters at all, found out once per DTO. */
  private readonly acceptsEmptyQuery = new WeakMap<object, boolean>();

  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidUnknownValues: false,
      // Values stay on parent errors so array items can be told apart from object fields.
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new RequestValidationException(toValidationIssues(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const location = LOCATIONS[metadata.type];
    if (!location) return value;
    if (location === 'body') assertObjectBody(value);
    // A path value is an identifier: one holding NUL names nothing, and the route says 404.
    if (location !== 'path') assertNoNul(value, [location, ...(metadata.data ? [metadata.data] : [])]);
    if (!metadata.metatype || !this.toValidate(metadata)) return value;
    // Most reads send no query: validating nothing against the same DTO always ends the same way.
    if (location === 'query' && isEmpty(value) && (await this.acceptsNoParameters(metadata))) return new metadata.metatype();
    try {
      return await super.transform(value ?? {}, metadata);
    } catch (error) {
      if (error instanceof RequestValidationException) {
        throw new RequestValidationException(error.issues.map((issue) => ({ ...issue, loc: [location, ...issue.loc] })));
      }
      throw error;
    }
  }

  private async acceptsNoParameters(metadata: ArgumentMetadata): Promise<boolean> {
    const dto = metadata.metatype!;
    let accepts = this.acceptsEmptyQuery.get(dto);
    if (accepts === undefined) {
      accepts = await super.transform({}, metadata).then(
        () => true,
        () => false,
      );
      this.acceptsEmptyQuery.set(dto, accepts);
    }
    return accepts;
  }
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function assertObjectBody(value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw RequestValidationException.single(
      ['body'],
      'Input should be a valid dictionary or object to extract fields from',
      'model_attributes_type',
    );
  }
  if (depthExceeds(value, MAX_BODY_DEPTH)) {
    throw RequestValidationException.single(['body'], `JSON body is nested more than ${MAX_BODY_DEPTH} levels deep`, 'json_invalid');
  }
}

/** PostgreSQL text cannot hold U+0000: a string carrying one is refused here, not by the database. */
function assertNoNul(value: unknown, location: (string | number)[]): void {
  const pending: [unknown, (string | number)[]][] = [[value, location]];
  while (pending.length > 0) {
    const [current, loc] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000'))
        throw RequestValidationException.single(loc, 'Value error, text must not contain NUL characters', 'value_error');
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) pending.push([child, [...loc, Array.isArray(current) ? Number(key) : key]]);
    }
  }
}

/** Iterative, so a hostile body cannot overflow the stack of the check itself. */
function depthExceeds(root: object, limit: number): boolean {
  const pending: [unknown, number][] = [[root, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}
