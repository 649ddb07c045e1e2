import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile-values';

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface FuzzRequest {
  method: string;
  template: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Values that exist in the built-in data set, so generated requests also reach the happy paths. */
const KNOWN_IDS = ['tidewatch', 'ledger-lens', '0', '1', '2', '00000000-0000-4000-8000-000000000000'];

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  const reference = schema.$ref;
  if (typeof reference !== 'string') return schema;
  return resolve(document.components.schemas[reference.split('/').pop()!], document);
}

/** Values that satisfy the schema, roughly: enough to get past validation and into the service. */
function conforming(schema: Schema | undefined, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant(null);
  const resolved = resolve(schema, document);
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...(resolved.enum as unknown[]));
  const variants = (resolved.anyOf ?? resolved.oneOf ?? resolved.allOf) as Schema[] | undefined;
  if (variants) return fc.oneof(...variants.map((variant) => conforming(variant, document, depth + 1)));
  const types = Array.isArray(resolved.type) ? (resolved.type as string[]) : [resolved.type as string];
  return fc.oneof(...types.map((type) => conformingOfType(type, resolved, document, depth)));
}

function conformingOfType(type: string, schema: Schema, document: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri') return fc.webUrl();
      if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
      return fc.string({ minLength: Number(schema.minLength ?? 0), maxLength: Math.min(Number(schema.maxLength ?? 30), 300) });
    case 'integer':
      return fc.integer({ min: Number(schema.minimum ?? -5), max: Number(schema.maximum ?? 50) });
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -5), max: Number(schema.maximum ?? 50), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(conforming(schema.items as Schema, document, depth + 1), { maxLength: 4 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, conforming(value, document, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A valid body with each item of one of its lists wrapped in a list of its own: valid items, one level too deep. */
function listOfLists(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat()).map(([body, pick]) => {
    if (!isRecord(body)) return [body];
    const lists = Object.keys(body).filter((key) => Array.isArray(body[key]) && (body[key] as unknown[]).length > 0);
    if (lists.length === 0) return body;
    const key = lists[pick % lists.length];
    return { ...body, [key]: (body[key] as unknown[]).map((item) => [item]) };
  });
}

/** A valid body, one with a field replaced by something hostile, one with a list of lists, or something hostile. */
function bodyFor(schema: Schema | undefined, document: OpenApiDocument): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), hostileValue);
  const valid = conforming(schema, document);
  const corrupted = fc.tuple(valid, fc.string({ maxLength: 20 }), hostileValue).map(([body, key, value]) => {
    if (!isRecord(body)) return value;
    const keys = Object.keys(body);
    return { ...body, [keys.length ? keys[key.length % keys.length] : key]: value };
  });
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: corrupted, weight: 3 },
    { arbitrary: listOfLists(valid), weight: 1 },
    { arbitrary: hostileValue, weight: 2 },
  );
}

function parameterValue(parameter: Parameter, document: OpenApiDocument): fc.Arbitrary<string> {
  const valid = conforming(parameter.schema, document).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return fc.oneof(
    valid,
    fc.constantFrom(...KNOWN_IDS),
    hostileString.filter((value) => value.length <= 2_000),
  );
}

function requestsFor(template: string, method: string, operation: Operation, document: OpenApiDocument, adminToken: string) {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      path: fc.tuple(...pathParameters.map((parameter) => parameterValue(parameter, document).filter((value) => value !== ''))),
      query: fc.tuple(...queryParameters.map((parameter) => fc.option(parameterValue(parameter, document), { nil: undefined }))),
      authorization: fc.constantFrom(
        undefined,
        `Bearer ${adminToken}`,
        `Bearer ${adminToken}`,
        'Bearer not-a-token',
        'Basic YWRtaW46YWRtaW4=',
        `Bearer ${'x'.repeat(4_000)}`,
      ),
      body: METHODS.indexOf(method) > 0 ? bodyFor(bodySchema, document) : fc.constant(undefined),
    })
    .map(({ path, query, authorization, body }): FuzzRequest => {
      let filled = template;
      pathParameters.forEach((parameter, index) => (filled = filled.replace(`{${parameter.name}}`, encodeURIComponent(path[index]))));
      const queryValues = Object.fromEntries(
        queryParameters.flatMap((parameter, index) => (query[index] === undefined ? [] : [[parameter.name, query[index]]])),
      );
      return { method, template, path: filled, query: queryValues, authorization, body };
    });
}

/** Requests for every operation of the description: valid, boundary and hostile, with and without credentials. */
export function requestsFromDescription(document: OpenApiDocument, adminToken: string): fc.Arbitrary<FuzzRequest> {
  const operations = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => requestsFor(template, method, operation, document, adminToken)),
  );
  return fc.oneof(...operations);
}
