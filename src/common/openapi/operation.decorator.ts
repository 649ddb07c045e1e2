import { applyDecorators, type Type } from '@nestjs/common';
import { ApiOperation, ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';

/**
 * What one status answers: a DTO (or `[Dto]` for a list) for a success body; a description for
 * an error (its body is ErrorDetail) or for a success without body (204, 304); or the options
 * of @ApiResponse() for anything else (a described body, headers, another media type); the map's
 * key is the status.
 */
export type ResponseDoc = Type | [Type] | string | ApiResponseOptions;

export interface OperationSpec {
  summary: string;
  description?: string;
  deprecated?: boolean;
  /** Every status the operation itself answers (undefined ones are left out); the global 413, 422 and 500 are declared for all. */
  responses: Record<number, ResponseDoc | undefined>;
}

function response(status: number, doc: ResponseDoc): MethodDecorator {
  if (typeof doc === 'string') {
    return ApiResponse(status >= 400 ? { status, description: doc, type: ErrorDetailDto } : { status, description: doc });
  }
  if (typeof doc === 'function' || Array.isArray(doc)) return ApiResponse({ status, type: doc });
  return ApiResponse({ ...doc, status });
}

/** Documents an operation in one place: its summary and a status-to-answer map. */
export const Operation = ({ summary, description, deprecated, responses }: OperationSpec): MethodDecorator =>
  applyDecorators(
    ApiOperation({ summary, description, deprecated }),
    ...Object.entries(responses).flatMap(([status, doc]) => (doc === undefined ? [] : [response(Number(status), doc)])),
  );
