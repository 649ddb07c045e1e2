import { Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '@/jobs/job-queue';
import { RequestValidationException, type ValidationIssue } from '@/common/validation/request-validation.exception';
import { asList, CONTENT_DOMAINS, type ContentDomain, type DocumentParts, domainsOf } from '@/content';
import { ContentTransactions } from '@/content-store/content-transactions';
import { PREVIEW_QUERY } from '@/read-model/public-read.decorator';
import { diffItems } from '@/history/content-diff';
import { UnpublishedMediaUses } from '@/media/unpublished-media-uses';
import { PortfolioService } from '@/portfolio/portfolio.service';
import type { DraftTarget } from '@/content-writes/content-writes.service';
import { draftBetween, mergeDraft, type MergedDraft } from './draft-merge';
import type { DraftDto, PreviewTokenDto, PublishedDraftDto } from './dto/draft.dto';
import { PreviewTokens } from './preview-tokens';
import { type DraftStamp, DraftsRepository, type StoredDraft } from './persistence/drafts.repository';

/** A draft as a backup keeps it. */
export type KeptDraft = Pick<StoredDraft, 'base' | 'document' | 'orders' | 'overridden'>;

/** The queue a scheduled publish waits on until its time (ScheduledPublishing runs it). */
export const SCHEDULED_PUBLISH_QUEUE = 'draft-publish';

/** PostgreSQL's SQLSTATE for a deadlock it broke by undoing one of the transactions. */
const DEADLOCK_DETECTED = '40P01';
const PREVIEW_ATTEMPTS = 3;

const noDraft = () => new NotFoundException({ detail: 'No draft is open' });
const notScheduled = () => new NotFoundException({ detail: 'The draft is not scheduled' });

/**
 * The owner's draft: one working copy of the content. A draft write is the same write as ever,
 * made to the draft's content inside a savepoint that is rolled back once it has answered (no
 * change is announced, recorded or seen by visitors); what it left is kept as the draft, of the
 * domains where it differs from the published content only, and of a list only the items that
 * differ, with its order (draftBetween). The draft is always read against the published content
 * as it is now (mergeDraft), so a direct write made meanwhile is never undone.
 */
@Injectable()
export class DraftsService implements OnModuleInit, DraftTarget {
  constructor(
    private readonly drafts: DraftsRepository,
    private readonly portfolio: PortfolioService,
    private readonly transactions: ContentTransactions,
    private readonly tokens: PreviewTokens,
    private readonly mediaUses: UnpublishedMediaUses,
    private readonly jobs: JobQueue,
  ) {}

  /** A picture the draft names is in use: it cannot be deleted from under the publish that would show it. */
  onModuleInit(): void {
    this.mediaUses.register(async () => (this.transactions.acceptsWrites ? (await this.drafts.find())?.document : undefined));
  }

  /**
   * Makes `write` change the draft (the first opens it); answers what it answers. The draft's base
   * is the published content the write was made on (read once, before it), so a direct write
   * committed meanwhile is not mistaken for the draft's change.
   */
  write<T>(write: () => Promise<T>): Promise<T> {
    return this.transactions.run(async () => {
      const stored = await this.drafts.lock();
      const { parts, changed, overridden, live } = await this.drafted(stored);
      const { answer, drafted } = await this.transactions.undone(async () => {
        await this.portfolio.replaceParts(parts, changed);
        const answer = await write();
        return { answer, drafted: await this.portfolio.exportParts(await this.transactions.changedDomains()) };
      });
      const unread = domainsOf(drafted).filter((domain) => !Object.hasOwn(live, domain));
      const published = { ...live, ...(await this.portfolio.exportParts(unread)) };
      await this.drafts.save({ ...draftBetween(published, drafted), overridden });
      return answer;
    });
  }

  /**
   * What `read` (of `domains`) answers from the draft opened at `draftOpenedAt` (ms; from the
   * published content while that draft is not the one open): the same read as ever, inside a
   * savepoint that puts in place what the draft changed of those domains and is rolled back once it
   * answered. A deadlock with a concurrent write (PostgreSQL undoing this transaction) is tried again.
   */
  async preview<T>(read: () => Promise<T>, domains: readonly ContentDomain[], draftOpenedAt: number): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.transactions.run(async () => {
          const stored = await this.drafts.find();
          const { parts, changed } = await this.drafted(stored?.openedAt.getTime() === draftOpenedAt ? stored : undefined);
          if (!changed.some((domain) => domains.includes(domain))) return read();
          return this.transactions.undone(async () => {
            await this.portfolio.replaceParts(parts, changed);
            return read();
          });
        });
      } catch (error) {
        if (attempt === PREVIEW_ATTEMPTS || (error as { code?: unknown }).code !== DEADLOCK_DETECTED) throw error;
      }
    }
  }

  /** A read-only link to the draft open now (to the published content while none is): each domain's public read with the token. */
  async previewToken(): Promise<PreviewTokenDto> {
    const { token, expiresIn } = await this.tokens.issue((await this.drafts.stamp())?.openedAt);
    return {
      token,
      expiresIn,
      urls: Object.fromEntries(CONTENT_DOMAINS.map((domain) => [domain, `/api/${domain}?${PREVIEW_QUERY}=${token}`])),
    };
  }

  /** When the draft was opened and last changed; undefined while none is open. */
  stamp(): Promise<DraftStamp | undefined> {
    return this.drafts.stamp();
  }

  async current(): Promise<DraftDto> {
    return this.transactions.run(async () => {
      const stored = await this.drafts.find();
      if (!stored) throw noDraft();
      const published = await this.portfolio.export();
      const { parts, changed } = await this.drafted(stored, published);
      return {
        openedAt: stored.openedAt.toISOString(),
        updatedAt: stored.updatedAt.toISOString(),
        scheduledAt: stored.scheduledAt?.toISOString() ?? null,
        publishFailure: stored.publishFailure,
        changes: changed.flatMap((domain) => diffItems(domain, asList(published[domain]), asList(parts[domain]))),
        document: { ...published, ...parts },
      };
    });
  }

  /**
   * The draft becomes the published content in one transaction, checked as an import is and
   * recorded as one revision (source "publish"); the draft is closed. Answers with the domains it changed.
   */
  publish(): Promise<{ answer: PublishedDraftDto; changed: ContentDomain[] }> {
    return this.transactions.run(
      async () => {
        const stored = await this.drafts.lock();
        if (!stored) throw noDraft();
        // A direct write waits from the read the draft is merged with to the commit, then lands on what was published.
        await this.portfolio.holdForReplace(domainsOf(stored.document));
        const { parts, changed, overridden, live } = await this.drafted(stored);
        const counts = await this.portfolio.replaceChecked(parts, changed, 'publish', live);
        await this.drafts.remove();
        return { answer: { published: counts, overridden }, changed };
      },
      { source: 'publish' },
    );
  }

  /** Publishes the draft at `at` (in the future), once, on whichever instance is up then (ScheduledPublishing). */
  async schedule(at: string): Promise<DraftDto> {
    const when = new Date(at);
    if (when.getTime() <= Date.now())
      throw RequestValidationException.single(['body', 'at'], 'Input should be in the future', 'in_the_future');
    const scheduled = await this.transactions.run(async () => {
      if (!(await this.drafts.schedule(when))) return false;
      await this.jobs.send(SCHEDULED_PUBLISH_QUEUE, {}, { startAfter: when });
      return true;
    });
    if (!scheduled) throw noDraft();
    return this.current();
  }

  async cancelSchedule(): Promise<void> {
    const stored = await this.transactions.run(() => this.drafts.find());
    if (!stored) throw noDraft();
    if (!stored.scheduledAt) throw notScheduled();
    await this.transactions.run(() => this.drafts.schedule(null));
  }

  /**
   * Publishes the draft if its time has come; answers whether it did (another instance may have,
   * first). A draft that can no longer be published (it broke a rule meanwhile: 422) is not tried
   * again: its schedule stops, and the draft says why; the issues are answered.
   */
  async publishIfDue(): Promise<ScheduledPublish> {
    const dueAt = (draft: StoredDraft | undefined) =>
      draft?.scheduledAt != null && draft.scheduledAt.getTime() <= Date.now() ? draft.scheduledAt : undefined;
    const scheduledAt = dueAt(await this.drafts.find());
    if (!scheduledAt) return { published: false };
    try {
      return await this.transactions.run(
        async () => {
          if (!dueAt(await this.drafts.lock())) return { published: false };
          await this.publish();
          return { published: true };
        },
        { source: 'publish' },
      );
    } catch (error) {
      if (!(error instanceof RequestValidationException)) throw error;
      const failure = { at: new Date().toISOString(), issues: error.issues };
      await this.transactions.run(() => this.drafts.publishFailed(scheduledAt, failure));
      return { published: false, refused: failure.issues };
    }
  }

  /** The draft as it is kept, if one is open: what a backup keeps of it (its schedule not among it). */
  async kept(): Promise<KeptDraft | undefined> {
    const stored = await this.transactions.run(() => this.drafts.find());
    return stored && { base: stored.base, document: stored.document, orders: stored.orders, overridden: stored.overridden };
  }

  /** The draft becomes this one, unscheduled; none: the open one is thrown away. */
  async replaceKept(draft: KeptDraft | undefined): Promise<void> {
    await this.transactions.run(async () => {
      await this.drafts.remove();
      if (draft) await this.drafts.save(draft);
    });
  }

  async discard(): Promise<void> {
    if (!(await this.transactions.run(() => this.drafts.remove()))) throw noDraft();
  }

  /**
   * The draft against the published content now (`published`, else read here, of the domains the
   * draft holds): its parts, the domains where they differ, and every item overridden so far.
   */
  private async drafted(stored: StoredDraft | undefined, published?: DocumentParts): Promise<DraftNow> {
    if (!stored) return { parts: {}, changed: [], overridden: [], live: {} };
    const live = published ?? (await this.portfolio.exportParts(domainsOf(stored.document)));
    const { parts, changed, overridden } = mergeDraft(stored.base, stored.document, live, stored.orders);
    const seen = new Set(stored.overridden.map((item) => `${item.domain}:${item.id}`));
    return {
      live,
      parts,
      changed,
      overridden: [...stored.overridden, ...overridden.filter((item) => !seen.has(`${item.domain}:${item.id}`))],
    };
  }
}

/** What a look at the schedule did: published the draft, or not (and why not, when it could not be published). */
export interface ScheduledPublish {
  published: boolean;
  refused?: ValidationIssue[];
}

/** The draft as it stands against the published content now. */
interface DraftNow extends MergedDraft {
  /** The published content it was read against (at least the draft's domains). */
  live: DocumentParts;
}
