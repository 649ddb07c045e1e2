import { ArgumentMetadata, Injectable, UnsupportedMediaTypeException, ValidationPipe } from '@nestjs/common';
import { BODY_NOT_JSON, UNSUPPORTED_BODY } from '@/common/http/json-bodies-only';
import { timeSlices } from '@/common/scheduling/event-loop-turns';
import { isOptionalBody } from './optional-body';
import { notePrototypeKeys } from './prototype-keys';
import { ErrorLocation, RequestValidationException } from './request-validation.exception';
import { toValidationIssues } from './validation-issues';

/** Deeper bodies are refused before class-transformer recurses into them and overflows the stack. */
const MAX_BODY_DEPTH = 32;
/** How many containers a walk looks into between two reads of the clock (timeSlices). */
const CONTAINERS_BETWEEN_CLOCK_READS = 256;

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
    // An optional body left out validates as {}, so its fields' defaults apply.
    if (location === 'body' && !(value === undefined && isOptionalBody(metadata.metatype))) assertObjectBody(value);
    // A path value is an identifier: one holding NUL names nothing, and the route says 404.
    if (location !== 'path') await assertWalkable(value, [location, ...(metadata.data ? [metadata.data] : [])]);
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

  protected override stripProtoKeys(value: unknown): void {
    notePrototypeKeys(value);
    super.stripProtoKeys(value);
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

function assertObjectBody(value: unknown): asserts value is object {
  if (value === BODY_NOT_JSON) throw new UnsupportedMediaTypeException({ detail: UNSUPPORTED_BODY });
  if (value === undefined) throw RequestValidationException.single(['body'], 'Field required', 'missing');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw RequestValidationException.single(
      ['body'],
      'Input should be a valid dictionary or object to extract fields from',
      'model_attributes_type',
    );
  }
}

/** A container met while walking a body, and the way to it (kept as links, built into a path only when needed). */
interface Visit {
  value: object;
  depth: number;
  parent: Visit | undefined;
  key: string | number;
}

/** What a walk is shown: a string or a container inside the body, its depth (the body is 1), and the way to it. */
type Visitor = (value: string | object, depth: number, way: () => (string | number)[]) => 'stop' | undefined;

/**
 * Shows `visit` every string and container inside the body, until it says stop. Iterative, so a
 * hostile body cannot overflow the stack of the check itself; it allocates per container, never
 * per item, so a list of millions of numbers costs no garbage; and it gives the event loop back
 * every few milliseconds, so a body of megabytes (a content document) never holds it for long.
 */
async function walk(root: object, visit: Visitor): Promise<void> {
  const pending: Visit[] = [{ value: root, depth: 1, parent: undefined, key: '' }];
  const giveWay = timeSlices();
  for (let containers = 1; pending.length > 0; containers += 1) {
    if (containers % CONTAINERS_BETWEEN_CLOCK_READS === 0) await giveWay();
    const container = pending.pop()!;
    const depth = container.depth + 1;
    const look = (child: unknown, key: string | number): boolean => {
      if (typeof child !== 'string' && (typeof child !== 'object' || child === null)) return false;
      if (visit(child, depth, () => [...pathTo(container), key]) === 'stop') return true;
      if (typeof child === 'object') pending.push({ value: child, depth, parent: container, key });
      return false;
    };
    if (Array.isArray(container.value)) {
      for (let index = 0; index < container.value.length; index += 1) if (look(container.value[index], index)) return;
    } else {
      for (const key of Object.keys(container.value)) if (look((container.value as Record<string, unknown>)[key], key)) return;
    }
  }
}

function pathTo(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * What no field's rule can check, in one walk of the value: a body nested deeper than
 * MAX_BODY_DEPTH first, then a string holding U+0000, which PostgreSQL text cannot hold (refused
 * here, not by the database).
 */
async function assertWalkable(value: unknown, location: (string | number)[]): Promise<void> {
  const refuseNul = (loc: (string | number)[]) => {
    throw RequestValidationException.single(loc, 'Value error, text must not contain NUL characters', 'value_error');
  };
  if (typeof value === 'string') {
    if (value.includes('\u0000')) refuseNul(location);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const maxDepth = location[0] === 'body' ? MAX_BODY_DEPTH : Infinity;
  let tooDeep = false;
  let nulAt: (string | number)[] | undefined;
  await walk(value, (child, depth, way) => {
    tooDeep = depth > maxDepth && typeof child === 'object';
    if (nulAt === undefined && typeof child === 'string' && child.includes('\u0000')) nulAt = [...location, ...way()];
    return tooDeep ? 'stop' : undefined;
  });
  if (tooDeep)
    throw RequestValidationException.single(['body'], `JSON body is nested more than ${MAX_BODY_DEPTH} levels deep`, 'json_invalid');
  if (nulAt) refuseNul(nulAt);
}
