import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { DEMO_CONTENT } from '@/content';
import { isDatabaseUnavailable } from '@/common/errors/database-unavailable';
import type { NamesETag } from '@/common/http/conditional-requests';
import { contentConfig } from '@/config/content.config';
import { cvConfig } from '@/config/cv.config';
import { ProfileService } from '@/profile/profile.service';
import { CV_LANGUAGES, cvFileName, type CvLanguage } from './cv-language';
import { CvMetrics } from './cv-metrics';
import { StoredCvCopies } from './stored-cv-copies';
import type { CvDownloadLinkDto } from './dto/cv-download-link.dto';
import type { CvServedDto } from './dto/cv-served.dto';
import { CvDocumentsRepository } from './persistence/cv-documents.repository';
import { CvDownloadEventsRepository, type DownloadsByLocale } from './persistence/cv-download-events.repository';

/** Where the CV a language serves comes from: the owner's (uploaded or published, in the database), or the files in CV_DIR. */
export type CvSource = 'upload' | 'published' | 'shipped';

/** The CV a language serves, without its bytes. */
export interface CvFileInfo {
  filename: string;
  size: number;
  etag: string;
  source: CvSource;
  updatedAt: Date;
  /** A published CV's: the fingerprint of the content it was rendered from. */
  renderedFrom?: string;
}

/** A download's file; without `content` when the request already holds it (304). */
export interface CvFile extends CvFileInfo {
  content?: Buffer | Readable;
}

/**
 * The CV each language serves, and the count of its downloads: the owner's stored CV first, then
 * the file in CV_DIR. The files shipped in the image are the demo person's: they are served only
 * while the profile is the demo's, unless CV_DIR names a folder of the owner's.
 */
@Injectable()
export class CvFilesService {
  private readonly logger = new Logger(CvFilesService.name);

  constructor(
    @Inject(cvConfig.KEY) private readonly config: ConfigType<typeof cvConfig>,
    @Inject(contentConfig.KEY) private readonly content: ConfigType<typeof contentConfig>,
    private readonly events: CvDownloadEventsRepository,
    private readonly stored: CvDocumentsRepository,
    private readonly copies: StoredCvCopies,
    private readonly profile: ProfileService,
    private readonly metrics: CvMetrics,
  ) {}

  async link(lang: CvLanguage): Promise<CvDownloadLinkDto> {
    const { filename } = await this.find(lang);
    return { downloadUrl: `/api/download-cv?lang=${lang}`, lang, filename };
  }

  /**
   * The download: a request whose If-None-Match names the file's ETag is answered 304 before
   * anything is read, and is no download. Otherwise it counts the download (and records its
   * event, where there is a database) once the file is known to exist. The file matters more than
   * the analytics: an event the database cannot take is logged and the download goes ahead.
   */
  async download(lang: CvLanguage, namesETag: NamesETag): Promise<CvFile> {
    const file = await this.find(lang);
    if (namesETag(file.etag)) return file;
    const content =
      file.source === 'shipped' ? createReadStream(this.shippedPath(lang)) : await this.copies.pdf(lang, file.etag, file.size);
    if (!content) throw notAvailable(lang);
    await this.events.record(lang).catch((error: unknown) => {
      this.logger.warn({ event: 'cv_download_not_recorded', locale: lang, reason: error instanceof Error ? error.message : String(error) });
    });
    this.metrics.downloaded(lang);
    return { ...file, content };
  }

  /** Counted from the stored download events, so every instance answers the same. */
  async downloadCounts(): Promise<{ total: number; byLocale: DownloadsByLocale }> {
    const byLocale = await this.events.countByLocale();
    return { total: CV_LANGUAGES.reduce((sum, lang) => sum + byLocale[lang], 0), byLocale };
  }

  /** What a language serves now; `currentFingerprint` tells whether a published CV shows the content as it is. */
  async servedIn(lang: CvLanguage, currentFingerprint: (lang: CvLanguage) => Promise<string>): Promise<CvServedDto> {
    const file = await this.find(lang).catch(() => undefined);
    if (!file) return { lang, source: 'none', bytes: 0, updatedAt: null, renderedFrom: null, current: null };
    const { source, size: bytes, updatedAt, renderedFrom = null } = file;
    const current = source === 'published' ? renderedFrom === (await currentFingerprint(lang)) : null;
    return { lang, source, bytes, updatedAt: updatedAt.toISOString(), renderedFrom: source === 'published' ? renderedFrom : null, current };
  }

  /** The CV a language serves, counting nothing (HEAD, the link); 404 when there is none. */
  async find(lang: CvLanguage): Promise<CvFileInfo> {
    const filename = cvFileName(lang);
    const stored = await this.whileTheDatabaseServes(() => this.stored.info(lang), undefined);
    if (stored) {
      const { bytes: size, etag, origin: source, updatedAt, contentHash } = stored;
      return { filename, size, etag, source, updatedAt, ...(contentHash === null ? {} : { renderedFrom: contentHash }) };
    }
    const file = (await this.servesShippedFiles()) ? await stat(this.shippedPath(lang)).catch(() => undefined) : undefined;
    if (!file?.isFile()) throw notAvailable(lang);
    // As Express's static files are tagged: size and modification time.
    const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    return { filename, size: file.size, etag, source: 'shipped', updatedAt: file.mtime };
  }

  private shippedPath(lang: CvLanguage): string {
    return resolve(this.config.directory, cvFileName(lang));
  }

  /**
   * The demo person's CVs go with the demo person's profile only; a CV_DIR of the owner's is always
   * served. While the database cannot say whose profile it is, the configuration does: the demo
   * content is what an instance started with unless CONTENT_FILE or CONTENT_SEED=none says otherwise.
   */
  private async servesShippedFiles(): Promise<boolean> {
    if (!this.config.shipsDemoFiles) return true;
    const startedWithDemo = this.content.file === undefined && this.content.seed === 'demo';
    return this.whileTheDatabaseServes(async () => (await this.profile.findIfSet())?.name === DEMO_CONTENT.profile?.name, startedWithDemo);
  }

  /** The file matters more than what the database knows of it: while it is down, downloads go on with `fallback`. */
  private async whileTheDatabaseServes<T>(read: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.logger.warn({ event: 'cv_served_without_database', reason: error instanceof Error ? error.message : String(error) });
      return fallback;
    }
  }
}

const notAvailable = (lang: CvLanguage) => new NotFoundException({ detail: `The ${lang} CV is not available` });
