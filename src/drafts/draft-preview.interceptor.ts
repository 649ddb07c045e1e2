import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  StreamableFile,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { WrittenAnswer } from '@/common/http/written-answer';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { isPreviewable, PREVIEW_QUERY } from '@/read-model/public-read.decorator';
import { PublicReadRoutes } from '@/read-model/public-read-routes';
import { DraftsService } from './drafts.service';
import { PreviewTokens } from './preview-tokens';

const PRIVATE = 'private, no-store';

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

/**
 * A @Previewable() read with `?preview=<token>` answers from the draft (DraftsService.preview); a
 * token that is not valid is 401. A file (the CV generated from the draft) is sent as it is, privately.
 */
@Injectable()
export class DraftPreviewInterceptor implements NestInterceptor {
  constructor(
    private readonly drafts: DraftsService,
    private readonly tokens: PreviewTokens,
    private readonly reflector: Reflector,
    private readonly publicReads: PublicReadRoutes,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const token = http.getRequest<Request>().query[PREVIEW_QUERY];
    if (token === undefined || !isPreviewable(this.reflector, context.getHandler())) return next.handle();
    // A public read reads its controller's domains; the CV, all of them.
    const domains = this.publicReads.of(context.getHandler())?.domains ?? CONTENT_DOMAINS;
    return from(this.previewed(token, http.getResponse<Response>(), domains, () => lastValueFrom(next.handle())));
  }

  private async previewed(
    token: unknown,
    response: Response,
    domains: readonly ContentDomain[],
    read: () => Promise<unknown>,
  ): Promise<unknown> {
    if (typeof token !== 'string' || !(await this.tokens.isValid(token))) {
      throw new UnauthorizedException({ detail: 'The preview link is not valid, or has expired' });
    }
    const value = await this.drafts.preview(read, domains);
    if (!(value instanceof StreamableFile)) return new PreviewAnswer(value);
    response.setHeader('Cache-Control', PRIVATE);
    return value;
  }
}
