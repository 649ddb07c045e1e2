import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ParameterObject } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequestValidationException } from '@/common/validation/request-validation.exception';

/** Marks a content write that `?draft=true` turns into a write to the owner's draft (DraftableWrites). */
export const DRAFTABLE = 'draftable';

const DRAFT_REFUSED = 'This write cannot be made to the draft: it changes what visitors see at once (leave out ?draft, or send false)';

/**
 * Whether the request writes to the owner's draft (`?draft=true` on a draftable write). A `draft`
 * that is not true or false is 422, and so is `true` on a write that cannot be drafted: it would
 * otherwise go live.
 */
export function writesToDraft(context: ExecutionContext, reflector: Reflector): boolean {
  const { method, query } = context.switchToHttp().getRequest<Request>();
  const { draft } = query;
  if (draft === undefined || draft === 'false' || method === 'GET') return false;
  if (draft !== 'true') throw RequestValidationException.single(['query', 'draft'], 'Input should be true or false', 'bool_parsing');
  if (!reflector.get<boolean | undefined>(DRAFTABLE, context.getHandler()))
    throw RequestValidationException.single(['query', 'draft'], DRAFT_REFUSED, 'draft_unsupported');
  return true;
}

/**
 * Refuses a `draft` a write cannot honour (422), after the credential and before anything of the
 * request is read or changed: a write a route cannot make to the draft would otherwise go live.
 * A content write then takes its target from `?draft` (ContentWriteOf).
 */
@Injectable()
export class DraftParameterGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    writesToDraft(context, this.reflector);
    return true;
  }
}

/** How a write that cannot be drafted declares `draft`: false, or left out. */
export const undraftableDraftParameter = (): ParameterObject => ({
  name: 'draft',
  in: 'query',
  required: false,
  schema: { type: 'boolean', enum: [false] },
  description: 'This write cannot be made to the draft: true is 422',
});
