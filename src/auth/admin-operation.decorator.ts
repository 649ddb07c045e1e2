import { applyDecorators, Delete, Get, HttpCode, HttpStatus, Patch, Post, Put, type Type } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  type ApiParamOptions,
} from '@nestjs/swagger';
import { ErrorDetailDto } from '@/common/http/error-bodies.dto';
import { AdminOnly } from './admin-only.decorator';

/** What an admin operation documents besides its 401/403 (AdminOnly) and the global 413/422/500. */
export interface AdminOperationSpec {
  summary: string;
  description?: string;
  param?: ApiParamOptions;
  /** The success body: a DTO, or `[Dto]` for a list. Not used by AdminDelete (204). */
  returns?: Type | [Type];
  /** The success response's description. */
  outcome?: string;
  /** Describes the 404, when the operation can answer one. */
  notFound?: string;
  /** Describes the 409, when the operation can answer one. */
  conflict?: string;
}

function documented(spec: AdminOperationSpec, success: MethodDecorator): MethodDecorator[] {
  const { summary, description, param, notFound, conflict } = spec;
  return [
    AdminOnly(),
    ApiOperation({ summary, description }),
    ...(param ? [ApiParam(param)] : []),
    success,
    ...(notFound ? [ApiNotFoundResponse({ description: notFound, type: ErrorDetailDto })] : []),
    ...(conflict ? [ApiConflictResponse({ description: conflict, type: ErrorDetailDto })] : []),
  ];
}

/** GET answering 200 with `returns`: an admin-only read. */
export const AdminRead = (path: string, spec: AdminOperationSpec): MethodDecorator =>
  applyDecorators(Get(path), ...documented(spec, ApiOkResponse({ type: spec.returns, description: spec.outcome })));

/** POST answering 201 with `returns`. */
export const AdminCreate = (path: string, spec: AdminOperationSpec): MethodDecorator =>
  applyDecorators(Post(path), ...documented(spec, ApiCreatedResponse({ type: spec.returns, description: spec.outcome })));

/** PUT answering 200 with `returns`. */
export const AdminReplace = (path: string, spec: AdminOperationSpec): MethodDecorator =>
  applyDecorators(Put(path), ...documented(spec, ApiOkResponse({ type: spec.returns, description: spec.outcome })));

/** PATCH answering 200 with `returns`. */
export const AdminPatch = (path: string, spec: AdminOperationSpec): MethodDecorator =>
  applyDecorators(Patch(path), ...documented(spec, ApiOkResponse({ type: spec.returns, description: spec.outcome })));

/** DELETE answering 204 without a body. */
export const AdminDelete = (path: string, spec: AdminOperationSpec): MethodDecorator =>
  applyDecorators(
    Delete(path),
    HttpCode(HttpStatus.NO_CONTENT),
    ...documented(spec, ApiNoContentResponse({ description: spec.outcome ?? 'Deleted' })),
  );
