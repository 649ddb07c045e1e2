import type { OpenAPIObject, OperationObject, ResponsesObject } from '@nestjs/swagger';
import { BODY_LIMIT, readableBytes } from '@/common/http/body-limits';
import { USUAL_DETAILS } from './operation.decorator';

/** The 503 of every operation on content: admin writes without a database, and any read or write while it is down. */
export const CONTENT_STORE_UNAVAILABLE = 'No database is configured (admin writes), or the database is unavailable';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

const errorDetail = (description: string, detail: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorDetail' }, example: { detail } } },
});
const validationError = {
  description: 'Validation error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } },
};

/**
 * Declares the responses that cross-cutting layers give, so no operation can answer a status
 * its description does not list: the body parser reads a JSON body on every route, before
 * routing, so any operation can answer 413 (over 100 KB) and 422 (`json_invalid`); and 500.
 */
export function declareCommonResponses(document: OpenAPIObject): void {
  for (const pathItem of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation) declareOn(operation);
    }
  }
}

function declareOn(operation: OperationObject): void {
  const responses: ResponsesObject = operation.responses;
  responses['413'] ??= errorDetail(
    `Request body larger than ${readableBytes(BODY_LIMIT)}`,
    `Request body exceeds the ${readableBytes(BODY_LIMIT)} limit`,
  );
  responses['422'] ??= validationError;
  responses['500'] ??= errorDetail('Unexpected failure; the detail is generic', USUAL_DETAILS[500]);
}
