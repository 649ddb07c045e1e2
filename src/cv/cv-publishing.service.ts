import { Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Subscription } from 'rxjs';
import { cvConfig } from '@/config/cv.config';
import { etagOf } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model';
import { WebhookEvents } from '@/webhooks/webhook-events.service';
import { CV_LANGUAGES, type CvLanguage } from './cv-language';
import { CvFilesService } from './cv-files.service';
import { CvGenerationService } from './cv-generation.service';
import type { CvServedDto } from './dto/cv-served.dto';
import { CvDocumentsRepository, type StoredCvInput } from './persistence/cv-documents.repository';

/** However long content keeps changing, a published CV is rendered again this long after the first change at most. */
const MOST_WAIT_MS = 20_000;

/** A republish that failed, or found another instance at it, is tried again after twice the wait of the last try, at most this. */
const MOST_RETRY_WAIT_MS = 5 * 60_000;

/**
 * The owner's CV as the download: uploaded (kept as sent) or published (rendered from the content
 * and rendered again after it changes: one render per burst of changes, within 30 s, once across
 * instances).
 */
@Injectable()
export class CvPublishingService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CvPublishingService.name);
  private subscription: Subscription | undefined;
  private scheduled: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private burstStartedAt = 0;

  constructor(
    private readonly stored: CvDocumentsRepository,
    private readonly files: CvFilesService,
    private readonly generation: CvGenerationService,
    private readonly readModel: ReadModel,
    private readonly webhooks: WebhookEvents,
    @Inject(cvConfig.KEY) private readonly config: Pick<ConfigType<typeof cvConfig>, 'republishDelayMs'>,
  ) {}

  onModuleInit(): void {
    this.subscription = this.readModel.changes.subscribe(() => this.contentChanged());
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    clearTimeout(this.scheduled);
    clearTimeout(this.retry);
  }

  async upload(lang: CvLanguage, pdf: Buffer): Promise<CvServedDto> {
    await this.stored.save({ lang, origin: 'upload', pdf, etag: etagOf(pdf), contentHash: null });
    await this.webhooks.announce('cv.changed', { lang, source: 'upload' });
    return this.servedIn(lang);
  }

  /** Renders the CV from the current content now (whatever the cvGeneration flag says) and serves it from then on. */
  async publish(lang: CvLanguage): Promise<CvServedDto> {
    await this.stored.save(await this.rendering(lang));
    await this.webhooks.announce('cv.changed', { lang, source: 'publish' });
    return this.servedIn(lang);
  }

  private async rendering(lang: CvLanguage): Promise<StoredCvInput> {
    const { pdf, contentFingerprint } = await this.generation.renderWithFingerprint(lang);
    return { lang, origin: 'published', pdf, etag: etagOf(pdf), contentHash: contentFingerprint };
  }

  /** The language goes back to the file in CV_DIR (where one is served), or to none. */
  async remove(lang: CvLanguage): Promise<void> {
    if (!(await this.stored.remove(lang))) throw new NotFoundException({ detail: `No ${lang} CV was uploaded or published` });
    await this.webhooks.announce('cv.changed', { lang, source: 'delete' });
  }

  /** What each language serves, and whether a published one shows the content as it is now. */
  served(): Promise<CvServedDto[]> {
    return Promise.all(CV_LANGUAGES.map((lang) => this.servedIn(lang)));
  }

  private servedIn(lang: CvLanguage): Promise<CvServedDto> {
    return this.files.servedIn(lang, (of) => this.generation.contentFingerprint(of));
  }

  /** Debounced: a burst of changes is one render, due `republishDelayMs` after the last change and at most MOST_WAIT_MS after the first. */
  private contentChanged(): void {
    const now = Date.now();
    if (this.scheduled === undefined) this.burstStartedAt = now;
    clearTimeout(this.scheduled);
    clearTimeout(this.retry);
    const due = Math.min(now + this.config.republishDelayMs, this.burstStartedAt + MOST_WAIT_MS);
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      void this.republishStale(this.config.republishDelayMs);
    }, due - now);
    this.scheduled.unref();
  }

  /**
   * Renders again each published CV whose content changed; one instance at a time. A render that
   * fails, or that finds another instance at it (which may have begun before the last change), is
   * tried again with back-off until every published CV shows the content as it is.
   */
  private async republishStale(waited: number): Promise<void> {
    let done = false;
    try {
      const published = (await this.stored.list()).some((cv) => cv.origin === 'published');
      done = !published || (await this.stored.onceAcrossInstances(() => this.renderStale())) !== undefined;
      if (!done) this.logger.log({ event: 'cv_republish_deferred', reason: 'another instance is rendering' });
    } catch (error) {
      this.logger.warn({ event: 'cv_republish_failed', reason: error instanceof Error ? error.message : String(error) });
    }
    if (done) return;
    const wait = Math.min(2 * Math.max(waited, 1_000), MOST_RETRY_WAIT_MS);
    this.retry = setTimeout(() => void this.republishStale(wait), wait);
    this.retry.unref();
  }

  private async renderStale(): Promise<true> {
    for (const lang of CV_LANGUAGES) {
      const current = await this.stored.info(lang);
      if (current?.origin !== 'published' || current.contentHash === (await this.generation.contentFingerprint(lang))) continue;
      // An upload (or a delete) while it rendered wins: the rendering replaces only a CV that is still published.
      if (!(await this.stored.replacePublished(await this.rendering(lang)))) continue;
      this.logger.log({ event: 'cv_republished', lang });
      await this.webhooks.announce('cv.changed', { lang, source: 'republish' });
    }
    return true;
  }
}
