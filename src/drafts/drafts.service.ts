import { Injectable, NotFoundException } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { CONTENT_DOMAINS, type ContentDocument, type ContentDomain } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { PREVIEW_QUERY } from '@/read-model/public-read.decorator';
import { diffItems } from '@/history/content-diff';
import { PortfolioService } from '@/portfolio/portfolio.service';
import { asList, mergeDraft, type MergedDraft } from './draft-merge';
import type { DraftDto, PreviewTokenDto, PublishedDraftDto } from './dto/draft.dto';
import { PreviewTokens } from './preview-tokens';
import { DraftsRepository, type StoredDraft } from './persistence/drafts.repository';

const noDraft = () => new NotFoundException({ detail: 'No draft is open' });
const notScheduled = () => new NotFoundException({ detail: 'The draft is not scheduled' });

/**
 * The owner's draft: one working copy of the whole content. A draft write is the same write as
 * ever, made to the draft's content inside a savepoint that is rolled back once it has answered
 * (no change is announced, recorded or seen by visitors); what it left is kept as the draft. The
 * draft is always read against the published content as it is now (mergeDraft), so a direct
 * write made meanwhile is never undone.
 */
@Injectable()
export class DraftsService {
  constructor(
    private readonly drafts: DraftsRepository,
    private readonly portfolio: PortfolioService,
    private readonly transactions: ContentTransactions,
    private readonly tokens: PreviewTokens,
  ) {}

  /** Makes `write` change the draft (the first opens it, a copy of the published content); answers what it answers. */
  write<T>(write: () => Promise<T>): Promise<T> {
    return this.transactions.run(async () => {
      const stored = await this.drafts.lock();
      const published = await this.portfolio.export();
      const { document: current, overridden } = this.merged(stored, published);
      const { answer, document } = await this.transactions.undone(async () => {
        await this.portfolio.replaceParts(current, domainsBetween(published, current));
        return { answer: await write(), document: await this.portfolio.export() };
      });
      await this.drafts.save({ base: published, document, overridden });
      return answer;
    });
  }

  /**
   * What `read` (of `domains`) answers from the draft (from the published content while none is
   * open): the same read as ever, inside a savepoint that puts in place what the draft changed of
   * those domains and is rolled back once it answered.
   */
  preview<T>(read: () => Promise<T>, domains: readonly ContentDomain[]): Promise<T> {
    return this.transactions.run(async () => {
      const stored = await this.drafts.find();
      if (!stored) return read();
      const published = await this.portfolio.export();
      const { document } = this.merged(stored, published);
      const changed = domainsBetween(published, document);
      if (!changed.some((domain) => domains.includes(domain))) return read();
      return this.transactions.undone(async () => {
        await this.portfolio.replaceParts(document, changed);
        return read();
      });
    });
  }

  /** A read-only link to the draft: each domain's public read with the token. */
  async previewToken(): Promise<PreviewTokenDto> {
    const { token, expiresIn } = await this.tokens.issue();
    return {
      token,
      expiresIn,
      urls: Object.fromEntries(CONTENT_DOMAINS.map((domain) => [domain, `/api/${domain}?${PREVIEW_QUERY}=${token}`])),
    };
  }

  /** When the draft last changed; undefined while none is open. */
  updatedAt(): Promise<Date | undefined> {
    return this.drafts.updatedAt();
  }

  async current(): Promise<DraftDto> {
    return this.transactions.run(async () => {
      const stored = await this.drafts.find();
      if (!stored) throw noDraft();
      const published = await this.portfolio.export();
      const { document } = this.merged(stored, published);
      return {
        openedAt: stored.openedAt.toISOString(),
        updatedAt: stored.updatedAt.toISOString(),
        scheduledAt: stored.scheduledAt?.toISOString() ?? null,
        changes: changesBetween(published, document),
        document,
      };
    });
  }

  /**
   * The draft becomes the published content in one transaction, checked as an import is and
   * recorded as one revision (source "publish"); the draft is closed.
   */
  publish(): Promise<PublishedDraftDto> {
    return this.transactions.run(
      async () => {
        const stored = await this.drafts.lock();
        if (!stored) throw noDraft();
        const { document, overridden } = this.merged(stored, await this.portfolio.export());
        const published = await this.portfolio.import(document, 'publish');
        await this.drafts.remove();
        return { published, overridden };
      },
      { source: 'publish' },
    );
  }

  /** Publishes the draft at `at` (in the future), once, on whichever instance is up then (ScheduledPublishing). */
  async schedule(at: string): Promise<DraftDto> {
    const when = new Date(at);
    if (when.getTime() <= Date.now())
      throw RequestValidationException.single(['body', 'at'], 'Input should be in the future', 'in_the_future');
    if (!(await this.transactions.run(() => this.drafts.schedule(when)))) throw noDraft();
    return this.current();
  }

  async cancelSchedule(): Promise<void> {
    const stored = await this.transactions.run(() => this.drafts.find());
    if (!stored) throw noDraft();
    if (!stored.scheduledAt) throw notScheduled();
    await this.transactions.run(() => this.drafts.schedule(null));
  }

  /** Publishes the draft if its time has come; answers whether it did (another instance may have, first). */
  async publishIfDue(): Promise<boolean> {
    const due = (draft: StoredDraft | undefined) => draft?.scheduledAt != null && draft.scheduledAt.getTime() <= Date.now();
    if (!due(await this.drafts.find())) return false;
    return this.transactions.run(
      async () => {
        if (!due(await this.drafts.lock())) return false;
        await this.publish();
        return true;
      },
      { source: 'publish' },
    );
  }

  async discard(): Promise<void> {
    if (!(await this.transactions.run(() => this.drafts.remove()))) throw noDraft();
  }

  /** The draft against the published content now, with every item overridden so far. */
  private merged(stored: StoredDraft | undefined, published: ContentDocument): MergedDraft {
    if (!stored) return { document: published, overridden: [] };
    const merged = mergeDraft(stored.base, stored.document, published);
    const seen = new Set(stored.overridden.map((item) => `${item.domain}:${item.id}`));
    return { ...merged, overridden: [...stored.overridden, ...merged.overridden.filter((item) => !seen.has(`${item.domain}:${item.id}`))] };
  }
}

/** The domains whose parts differ between two documents. */
const domainsBetween = (published: ContentDocument, draft: ContentDocument): ContentDomain[] =>
  CONTENT_DOMAINS.filter((domain) => JSON.stringify(published[domain]) !== JSON.stringify(draft[domain]));

const changesBetween = (published: ContentDocument, draft: ContentDocument) =>
  CONTENT_DOMAINS.flatMap((domain) => diffItems(domain, asList(published[domain]), asList(draft[domain])));
