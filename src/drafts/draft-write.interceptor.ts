import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { writesToDraft } from '@/common/http/draft-write';
import { DraftsService } from './drafts.service';

/** A content write with `?draft=true` changes the draft (DraftsService.write); without it, or with `false`, it is the write it always was. */
@Injectable()
export class DraftWriteInterceptor implements NestInterceptor {
  constructor(
    private readonly drafts: DraftsService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!writesToDraft(context, this.reflector)) return next.handle();
    return from(this.drafts.write(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
