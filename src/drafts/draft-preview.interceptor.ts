import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  StreamableFile,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { isPreviewable, PREVIEW_QUERY } from '@/read-model/public-read.decorator';
import { PublicReadRoutes } from '@/read-model/public-read-routes';
import { ReadModel } from '@/read-model/read-model';
import { DraftsService } from './drafts.service';
import { PRIVATE } from '@/common/http/cache-control';
import { PreviewAnswer, PreviewAnswers } from './preview-answers';
import { PreviewTokens } from './preview-tokens';

/**
 * A @Previewable() read with `?preview=<token>` answers from the draft (DraftsService.preview); a
 * token that is not valid is 401. Answers are kept per draft version, content generation and URL
 * (PreviewAnswers), so a link read again costs no rebuild. A file (the CV generated from the
 * draft) is sent as it is, privately, and never kept.
 */
@Injectable()
export class DraftPreviewInterceptor implements NestInterceptor {
  private readonly answers = new PreviewAnswers();

  constructor(
    private readonly drafts: DraftsService,
    private readonly tokens: PreviewTokens,
    private readonly reflector: Reflector,
    private readonly publicReads: PublicReadRoutes,
    private readonly readModel: ReadModel,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const token = request.query[PREVIEW_QUERY];
    if (token === undefined || !isPreviewable(this.reflector, context.getHandler())) return next.handle();
    // A public read reads its controller's domains; the CV, all of them.
    const domains = this.publicReads.of(context.getHandler())?.domains ?? CONTENT_DOMAINS;
    return from(this.previewed(token, request, http.getResponse<Response>(), domains, () => lastValueFrom(next.handle())));
  }

  private async previewed(
    token: unknown,
    request: Request,
    response: Response,
    domains: readonly ContentDomain[],
    read: () => Promise<unknown>,
  ): Promise<unknown> {
    if (typeof token !== 'string' || !(await this.tokens.isValid(token))) {
      throw new UnauthorizedException({ detail: 'The preview link is not valid, or has expired' });
    }
    const draftVersion = (await this.drafts.updatedAt())?.getTime() ?? 'none';
    const key = `${draftVersion}|${this.readModel.generationsOf(CONTENT_DOMAINS)}|${withoutToken(request.originalUrl)}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    const value = await this.drafts.preview(read, domains);
    if (value instanceof StreamableFile) {
      response.setHeader('Cache-Control', PRIVATE);
      return value;
    }
    const answer = new PreviewAnswer(value);
    this.answers.keep(key, answer);
    return answer;
  }
}

/** The URL as every holder of a preview link asks it: without the token. */
function withoutToken(url: string): string {
  const parsed = new URL(url, 'http://service');
  parsed.searchParams.delete(PREVIEW_QUERY);
  return parsed.pathname + parsed.search;
}
