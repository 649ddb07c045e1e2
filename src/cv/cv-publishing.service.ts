import { Inject, Injectable, Logger, NotFoundException, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Subscription } from 'rxjs';
import { cvConfig } from '@/config/cv.config';
import { etagOf } from '@/read-model/prepared-body';
import { ReadModel } from '@/read-model/read-model';
import { CV_LANGUAGES, type CvLanguage } from './cv-language';
import { CvFilesService } from './cv-files.service';
import { CvGenerationService } from './cv-generation.service';
import type { CvServedDto } from './dto/cv-served.dto';
import { CvDocumentsRepository, type StoredCvInput } from './persistence/cv-documents.repository';

/** However long content keeps changing, a published CV is rendered again this long after the first change at most. */
const MOST_WAIT_MS = 20_000;

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
  private burstStartedAt = 0;

  constructor(
    private readonly stored: CvDocumentsRepository,
    private readonly files: CvFilesService,
    private readonly generation: CvGenerationService,
    private readonly readModel: ReadModel,
    @Inject(cvConfig.KEY) private readonly config: Pick<ConfigType<typeof cvConfig>, 'republishDelayMs'>,
  ) {}

  onModuleInit(): void {
    this.subscription = this.readModel.changes.subscribe(() => this.contentChanged());
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    clearTimeout(this.scheduled);
  }

  async upload(lang: CvLanguage, pdf: Buffer): Promise<CvServedDto> {
    await this.stored.save({ lang, origin: 'upload', pdf, etag: etagOf(pdf), contentHash: null });
    return this.files.servedIn(lang);
  }

  /** Renders the CV from the current content now (whatever the cvGeneration flag says) and serves it from then on. */
  async publish(lang: CvLanguage): Promise<CvServedDto> {
    await this.stored.save(await this.rendering(lang));
    return this.files.servedIn(lang);
  }

  private async rendering(lang: CvLanguage): Promise<StoredCvInput> {
    const { pdf, contentFingerprint } = await this.generation.renderWithFingerprint(lang);
    return { lang, origin: 'published', pdf, etag: etagOf(pdf), contentHash: contentFingerprint };
  }

  /** The language goes back to the file in CV_DIR (where one is served), or to none. */
  async remove(lang: CvLanguage): Promise<void> {
    if (!(await this.stored.remove(lang))) throw new NotFoundException({ detail: `No ${lang} CV was uploaded or published` });
  }

  served(): Promise<CvServedDto[]> {
    return this.files.served();
  }

  /** Debounced: a burst of changes is one render, due `republishDelayMs` after the last change and at most MOST_WAIT_MS after the first. */
  private contentChanged(): void {
    const now = Date.now();
    if (this.scheduled === undefined) this.burstStartedAt = now;
    clearTimeout(this.scheduled);
    const due = Math.min(now + this.config.republishDelayMs, this.burstStartedAt + MOST_WAIT_MS);
    this.scheduled = setTimeout(() => {
      this.scheduled = undefined;
      void this.republishStale();
    }, due - now);
    this.scheduled.unref();
  }

  /** Renders again each published CV whose content changed; one instance at a time, the others leave it to it. */
  private async republishStale(): Promise<void> {
    try {
      const published = (await this.stored.list()).filter((cv) => cv.origin === 'published');
      if (published.length === 0) return;
      await this.stored.onceAcrossInstances(async () => {
        for (const lang of CV_LANGUAGES) {
          const current = await this.stored.info(lang);
          if (current?.origin !== 'published' || current.contentHash === (await this.generation.contentFingerprint(lang))) continue;
          // An upload (or a delete) while it rendered wins: the rendering replaces only a CV that is still published.
          if (await this.stored.replacePublished(await this.rendering(lang))) this.logger.log({ event: 'cv_republished', lang });
        }
      });
    } catch (error) {
      this.logger.warn({ event: 'cv_republish_failed', reason: error instanceof Error ? error.message : String(error) });
    }
  }
}
