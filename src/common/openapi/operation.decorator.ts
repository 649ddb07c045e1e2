import { applyDecorators, type Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ApiBody, ApiExtraModels, ApiOperation, ApiResponse, type ApiResponseOptions, getSchemaPath } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { isOptionalBody } from '@/common/validation/optional-body';
import { RequireFieldsPipe } from '@/common/validation/require-fields.pipe';

/** An error answer with the detail the service sends, shown as its example. */
export interface ErrorDoc {
  description: string;
  detail: string;
}

/**
 * What one status answers: a DTO (or `[Dto]` for a list) for a success body; a description for
 * an error (its body is ErrorDetail, its example the usual detail of that status) or for a
 * success without body (204, 304); an ErrorDoc for an error whose detail is the operation's own;
 * or the options of @ApiResponse() for anything else (a described body, headers, another media
 * type); the map's key is the status.
 */
export type ResponseDoc = Type | [Type] | string | ErrorDoc | ApiResponseOptions;

/** An example of a body, named in the explorer's list of examples. */
export interface BodyExample {
  summary: string;
  value: unknown;
}

/** The body an operation takes: examples that work as they stand on the demo content, the common use first. */
export interface BodyDoc {
  example: unknown;
  /** What the first example does, where there are others. */
  summary?: string;
  /** Other uses of the operation, after the first in the explorer's list, by name. */
  more?: Record<string, BodyExample>;
  /** The body's model, where the handler's parameter does not name it (a body validated by a pipe of its own). */
  type?: Type;
}

export interface OperationSpec {
  /** What a client calls it: a lowerCamelCase verb phrase (`listProjects`), unique and stable once published. */
  operationId: string;
  summary: string;
  description?: string;
  deprecated?: boolean;
  body?: BodyDoc;
  /** Every status the operation itself answers (undefined ones are left out); the global 413, 422 and 500 are declared for all. */
  responses: Record<number, ResponseDoc | undefined>;
}

/** The detail every operation sends with these statuses. */
export const USUAL_DETAILS: Record<number, string> = {
  401: 'Invalid or expired credentials',
  403: 'Admin rights required',
  429: 'Rate limit exceeded',
  500: 'Internal server error',
  503: 'The database is unavailable; try again shortly',
};

/** An error body declared as JSON with the detail as its example. */
export const errorResponse = (description: string, detail: string | undefined): ApiResponseOptions => ({
  description,
  content: {
    'application/json': { schema: { $ref: getSchemaPath(ErrorDetailDto) }, ...(detail === undefined ? {} : { example: { detail } }) },
  },
});

const isErrorDoc = (doc: ResponseDoc): doc is ErrorDoc => typeof doc === 'object' && 'detail' in doc && typeof doc.detail === 'string';

function response(status: number, doc: ResponseDoc): MethodDecorator {
  if (typeof doc === 'string') {
    return ApiResponse(status >= 400 ? { status, ...errorResponse(doc, USUAL_DETAILS[status]) } : { status, description: doc });
  }
  if (isErrorDoc(doc)) return ApiResponse({ status, ...errorResponse(doc.description, doc.detail) });
  if (typeof doc === 'function' || Array.isArray(doc)) return ApiResponse({ status, type: doc });
  return ApiResponse({ ...doc, status });
}

/**
 * A schema that makes fields of the model beside it required. Naming each as a property (`{}`, its
 * rules being the model's) is what lets generators type them as required: openapi-typescript
 * turns a bare `required` list into `& unknown`.
 */
const requiring = (fields: readonly string[]) => ({
  required: [...fields],
  properties: Object.fromEntries(fields.map((field) => [field, {}])),
});

/**
 * The request body with its example. Its model is the handler's @Body() parameter, as Nest
 * recorded it (parameter decorators run before method decorators), unless the doc names one. It
 * is required unless its model is an @OptionalBody(); a PUT that takes the update model through a
 * RequireFieldsPipe declares those fields required (`allOf`, so the model keeps its name).
 */
function requestBody({ example, summary = 'Works as it stands on the demo content', more = {}, type: declared }: BodyDoc): MethodDecorator {
  return (target, key, descriptor) => {
    const routeArguments = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, key) ?? {}) as Record<
      string,
      { index: number; pipes?: unknown[] }
    >;
    const body = Object.entries(routeArguments).find(([argument]) => argument.startsWith(`${RouteParamtypes.BODY}:`));
    if (!body) throw new Error(`${String(key)} documents a body but takes none`);
    const { index, pipes = [] } = body[1];
    const type = declared ?? (Reflect.getMetadata('design:paramtypes', target, key) as Type[])[index];
    const required = pipes.find((pipe): pipe is RequireFieldsPipe<object> => pipe instanceof RequireFieldsPipe)?.fields;
    const examples = { example: { summary, value: example }, ...more };
    const decorators = required
      ? [ApiExtraModels(type), ApiBody({ schema: { allOf: [{ $ref: getSchemaPath(type) }, requiring(required)] }, examples })]
      : [ApiBody({ type, required: !isOptionalBody(type), examples })];
    applyDecorators(...decorators)(target, key, descriptor);
  };
}

/** Documents an operation in one place: its summary, its body's example and a status-to-answer map. */
export const Operation = ({ operationId, summary, description, deprecated, body, responses }: OperationSpec): MethodDecorator =>
  applyDecorators(
    ApiOperation({ operationId, summary, description, deprecated }),
    ...(body ? [requestBody(body)] : []),
    ...Object.entries(responses).flatMap(([status, doc]) => (doc === undefined ? [] : [response(Number(status), doc)])),
  );
