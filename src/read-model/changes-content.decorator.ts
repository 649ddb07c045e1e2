import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Observable, tap } from 'rxjs';
import { isDatabaseUnavailable } from '@/database/database-errors';
import { ContentChanges } from './content-changes.service';
import type { ContentDomain } from './read-model.service';

const CHANGES_CONTENT = 'changes-content';

/**
 * After a write, the domain's read model is rebuilt here and on every other instance: when it
 * succeeded, and when it failed unexpectedly (that may be after the commit). A refused write
 * (an HTTP error) or an unreachable database changed nothing, and keeps the views.
 */
@Injectable()
export class ContentChangedInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly changes: ContentChanges,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const domain = this.reflector.get<ContentDomain>(CHANGES_CONTENT, context.getHandler());
    const changed = () => void this.changes.changed(domain);
    return next.handle().pipe(
      tap({
        complete: changed,
        error: (error: unknown) => {
          if (!(error instanceof HttpException) && !isDatabaseUnavailable(error)) changed();
        },
      }),
    );
  }
}

/** Marks a write handler: what it changes is served fresh by every instance afterwards. */
export const ChangesContent = (domain: ContentDomain): MethodDecorator =>
  applyDecorators(SetMetadata(CHANGES_CONTENT, domain), UseInterceptors(ContentChangedInterceptor));
