import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { DRAFTABLE } from '@/content-domain/draftable-writes.decorator';
import { DraftsService } from './drafts.service';

/** A content write with `?draft=true` changes the draft (DraftsService.write); without it, or with `false`, it is the write it always was. */
@Injectable()
export class DraftWriteInterceptor implements NestInterceptor {
  constructor(
    private readonly drafts: DraftsService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.reflector.get<boolean | undefined>(DRAFTABLE, context.getHandler())) return next.handle();
    const { draft } = context.switchToHttp().getRequest<Request>().query;
    if (draft === undefined || draft === 'false') return next.handle();
    if (draft !== 'true') throw RequestValidationException.single(['query', 'draft'], 'Input should be true or false', 'bool_parsing');
    return from(this.drafts.write(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
