import { Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Subscription } from 'rxjs';
import { cvConfig } from '@/config/cv.config';
import { etagOf } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model';
import { JobQueue } from '@/jobs/job-queue';
import { WebhookEvents } from '@/webhooks/webhook-events.service';
import { CV_LANGUAGES, type CvLanguage } from './cv-language';
import { CvFilesService } from './cv-files.service';
import { CvGenerationService } from './cv-generation.service';
import type { CvServedDto } from './dto/cv-served.dto';
import { CvDocumentsRepository, type StoredCvInput } from './persistence/cv-documents.repository';

/** A CV kept, with where it came from: what a backup keeps of it. */
export type KeptCv = Pick<StoredCvInput, 'lang' | 'origin' | 'contentHash' | 'pdf'>;

/** The queue a republish waits on: one job waits and one runs at most, whatever the number of instances. */
const REPUBLISH_QUEUE = 'cv-republish';

/**
 * The owner's CV as the download: uploaded (kept as sent) or published (rendered from the content
 * and rendered again after it changes: a job on the durable queue, due CV_REPUBLISH_DELAY_MS after
 * a change, that renders whatever changed by then: one render per burst of changes, once across
 * instances; a render that fails is tried again with back-off).
 */
@Injectable()
export class CvPublishingService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CvPublishingService.name);
  private subscription: Subscription | undefined;

  constructor(
    private readonly stored: CvDocumentsRepository,
    private readonly files: CvFilesService,
    private readonly generation: CvGenerationService,
    private readonly readModel: ReadModel,
    private readonly webhooks: WebhookEvents,
    private readonly jobs: JobQueue,
    @Inject(cvConfig.KEY) private readonly config: Pick<ConfigType<typeof cvConfig>, 'republishDelayMs'>,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      queue: REPUBLISH_QUEUE,
      policy: 'stately',
      retryLimit: 8,
      retryDelaySeconds: 2,
      retryBackoff: true,
      run: () => this.republishStale(),
    });
    this.subscription = this.readModel.changes.subscribe(() => void this.contentChanged());
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
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

  /** The CVs kept (uploaded, or published from the content), each with its PDF: what a backup keeps. */
  async kept(): Promise<KeptCv[]> {
    const kept: KeptCv[] = [];
    for (const { lang, origin, contentHash, etag } of await this.stored.list()) {
      const pdf = await this.stored.pdf(lang, etag);
      if (pdf) kept.push({ lang, origin, contentHash, pdf });
    }
    return kept;
  }

  /** The CVs kept become these; a language not among them serves the shipped file again. */
  async replaceKept(cvs: readonly KeptCv[]): Promise<void> {
    for (const lang of CV_LANGUAGES) {
      const cv = cvs.find((each) => each.lang === lang);
      if (cv) await this.stored.save({ ...cv, etag: etagOf(cv.pdf) });
      else await this.stored.remove(lang);
      await this.webhooks.announce('cv.changed', { lang, source: 'restore' });
    }
  }

  /** What each language serves, and whether a published one shows the content as it is now. */
  served(): Promise<CvServedDto[]> {
    return Promise.all(CV_LANGUAGES.map((lang) => this.servedIn(lang)));
  }

  private servedIn(lang: CvLanguage): Promise<CvServedDto> {
    return this.files.servedIn(lang, (of) => this.generation.contentFingerprint(of));
  }

  private async contentChanged(): Promise<void> {
    try {
      await this.jobs.send(REPUBLISH_QUEUE, {}, { startAfter: new Date(Date.now() + this.config.republishDelayMs) });
    } catch (error) {
      this.logger.warn({ event: 'cv_republish_not_queued', reason: error instanceof Error ? error.message : String(error) });
    }
  }

  /** A render that fails is logged, and its job tried again. */
  private async republishStale(): Promise<void> {
    try {
      await this.renderStale();
    } catch (error) {
      this.logger.warn({ event: 'cv_republish_failed', reason: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /** Renders again each published CV whose content changed since it was rendered. */
  private async renderStale(): Promise<void> {
    for (const lang of CV_LANGUAGES) {
      const current = await this.stored.info(lang);
      if (current?.origin !== 'published' || current.contentHash === (await this.generation.contentFingerprint(lang))) continue;
      // An upload (or a delete) while it rendered wins: the rendering replaces only a CV that is still published.
      if (!(await this.stored.replacePublished(await this.rendering(lang)))) continue;
      this.logger.log({ event: 'cv_republished', lang });
      await this.webhooks.announce('cv.changed', { lang, source: 'republish' });
    }
  }
}
