import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { RequestValidationException } from '@/common/validation/request-validation.exception';

/** Marks a content write that `?draft=true` turns into a write to the owner's draft (DraftableWrites). */
export const DRAFTABLE = 'draftable';

/** Whether the request writes to the owner's draft (`?draft=true` on a draftable write); a `draft` that is not true or false is 422. */
export function writesToDraft(context: ExecutionContext, reflector: Reflector): boolean {
  if (!reflector.get<boolean | undefined>(DRAFTABLE, context.getHandler())) return false;
  const { draft } = context.switchToHttp().getRequest<Request>().query;
  if (draft === undefined || draft === 'false') return false;
  if (draft !== 'true') throw RequestValidationException.single(['query', 'draft'], 'Input should be true or false', 'bool_parsing');
  return true;
}
