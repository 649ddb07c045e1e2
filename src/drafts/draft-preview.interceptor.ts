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
import pLimit from 'p-limit';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { PRIVATE } from '@/common/http/cache-control';
import { CONTENT_DOMAINS, type ContentDomain } from '@/content';
import { isPreviewable, PREVIEW_QUERY } from '@/read-model/public-read.decorator';
import { type PublicReadRoute, PublicReadRoutes } from '@/read-model/public-read-routes';
import { ReadKeys } from '@/read-model/read-keys';
import { ReadModel } from '@/read-model/read-model';
import { DraftsService } from './drafts.service';
import { previewAnswerOf, PreviewAnswers } from './preview-answers';
import { PreviewTokens } from './preview-tokens';

/**
 * A @Previewable() read with `?preview=<token>` answers from the draft the token was made for
 * (DraftsService.preview): from the published content once that draft is published or discarded,
 * never from a later one. A token that is not valid is 401. Answers are kept per draft version,
 * content generation and read key (the route and its validated parameters: a parameter the read
 * ignores makes no new answer), built once however many ask at once, one build at a time per
 * instance (each holds the rows it puts in place until it answers), and compressed as published
 * answers are. A file (the CV generated from the draft) is sent as it is, privately, and never kept.
 */
@Injectable()
export class DraftPreviewInterceptor implements NestInterceptor {
  private readonly answers = new PreviewAnswers();
  private readonly building = new Map<string, Promise<unknown>>();
  private readonly oneBuildAtATime = pLimit(1);

  constructor(
    private readonly drafts: DraftsService,
    private readonly tokens: PreviewTokens,
    private readonly reflector: Reflector,
    private readonly publicReads: PublicReadRoutes,
    private readonly readKeys: ReadKeys,
    private readonly readModel: ReadModel,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const token = request.query[PREVIEW_QUERY];
    if (token === undefined || !isPreviewable(this.reflector, context.getHandler())) return next.handle();
    const route = this.publicReads.of(context.getHandler());
    const read = () => lastValueFrom(next.handle());
    return from(this.previewed(token, request, http.getResponse<Response>(), route, read));
  }

  private async previewed(
    token: unknown,
    request: Request,
    response: Response,
    route: PublicReadRoute | undefined,
    read: () => Promise<unknown>,
  ): Promise<unknown> {
    const madeFor = typeof token === 'string' ? await this.tokens.draftOf(token) : undefined;
    if (madeFor === undefined) throw new UnauthorizedException({ detail: 'The preview link is not valid, or has expired' });
    // A public read reads its controller's domains; the CV, all of them, and is never kept.
    if (!route) return this.privately(response, await this.oneBuildAtATime(() => this.drafts.preview(read, CONTENT_DOMAINS, madeFor)));
    const stamp = await this.drafts.stamp();
    const draft = stamp?.openedAt.getTime() === madeFor ? stamp.updatedAt.getTime() : 'published';
    const key = `${draft}|${this.readModel.generationsOf(CONTENT_DOMAINS)}|${(await this.readKeys.of(route, request)).key}`;
    const kept = this.answers.get(key);
    if (kept) return kept;
    let built = this.building.get(key);
    if (!built) {
      built = this.build(key, read, route.domains, madeFor);
      this.building.set(key, built);
      void built.finally(() => this.building.delete(key)).catch(() => undefined);
    }
    return built;
  }

  private build(key: string, read: () => Promise<unknown>, domains: readonly ContentDomain[], madeFor: number): Promise<unknown> {
    return this.oneBuildAtATime(async () => {
      const answer = await previewAnswerOf(await this.drafts.preview(read, domains, madeFor));
      this.answers.keep(key, answer);
      return answer;
    });
  }

  private privately(response: Response, value: unknown): unknown {
    if (value instanceof StreamableFile) response.setHeader('Cache-Control', PRIVATE);
    return value;
  }
}
