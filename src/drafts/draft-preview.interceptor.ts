import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UnauthorizedException } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { WrittenAnswer } from '@/common/http/written-answer';
import { PREVIEW_QUERY } from '@/read-model/public-read.decorator';
import { PublicReadRoutes } from '@/read-model/public-read-routes';
import { DraftsService } from './drafts.service';
import { PreviewTokens } from './preview-tokens';

/** A preview's answer: for its reader alone, kept by no cache, with no validator a published answer could share. */
class PreviewAnswer extends WrittenAnswer {
  constructor(private readonly value: unknown) {
    super();
  }

  writeTo(_req: IncomingMessage, res: ServerResponse): void {
    const body = Buffer.from(JSON.stringify(this.value));
    res.writeHead(200, [
      'Content-Type',
      'application/json; charset=utf-8',
      'Cache-Control',
      'private, no-store',
      'Content-Length',
      body.length,
    ]);
    res.end(body);
  }
}

/** A public read with `?preview=<token>` answers from the draft (DraftsService.preview); a token that is not valid is 401. */
@Injectable()
export class DraftPreviewInterceptor implements NestInterceptor {
  constructor(
    private readonly drafts: DraftsService,
    private readonly tokens: PreviewTokens,
    private readonly publicReads: PublicReadRoutes,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const token = context.switchToHttp().getRequest<Request>().query[PREVIEW_QUERY];
    if (token === undefined || !this.publicReads.of(context.getHandler())) return next.handle();
    return from(this.previewed(token, () => lastValueFrom(next.handle())));
  }

  private async previewed(token: unknown, read: () => Promise<unknown>): Promise<PreviewAnswer> {
    if (typeof token !== 'string' || !(await this.tokens.isValid(token))) {
      throw new UnauthorizedException({ detail: 'The preview link is not valid, or has expired' });
    }
    return new PreviewAnswer(await this.drafts.preview(read));
  }
}
