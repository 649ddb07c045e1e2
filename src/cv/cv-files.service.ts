import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { cvConfig } from '@/config/cv.config';
import { CV_LANGUAGES, cvFileName, type CvLanguage } from './cv-language';
import { CvMetrics } from './cv-metrics';
import type { CvDownloadLinkDto } from './dto/cv-download-link.dto';
import { CvDownloadEventsRepository, type DownloadsByLocale } from './persistence/cv-download-events.repository';

/** A shipped CV as found on disk. */
export interface CvFileInfo {
  path: string;
  filename: string;
  size: number;
}

export interface CvFile extends CvFileInfo {
  stream: ReadStream;
}

/** The shipped PDFs in CV_DIR, and the count of their downloads. */
@Injectable()
export class CvFilesService {
  private readonly logger = new Logger(CvFilesService.name);

  constructor(
    @Inject(cvConfig.KEY) private readonly config: ConfigType<typeof cvConfig>,
    private readonly events: CvDownloadEventsRepository,
    private readonly metrics: CvMetrics,
  ) {}

  async link(lang: CvLanguage): Promise<CvDownloadLinkDto> {
    const { filename } = await this.find(lang);
    return { downloadUrl: `/api/download-cv?lang=${lang}`, lang, filename };
  }

  /**
   * Counts the download (and records its event, where there is a database) only once the file is known to
   * exist. The file matters more than the analytics: an event the database cannot take is
   * logged and the download goes ahead.
   */
  async open(lang: CvLanguage): Promise<CvFile> {
    const file = await this.find(lang);
    await this.events.record(lang).catch((error: unknown) => {
      this.logger.warn({ event: 'cv_download_not_recorded', locale: lang, reason: error instanceof Error ? error.message : String(error) });
    });
    this.metrics.downloaded(lang);
    return { ...file, stream: createReadStream(file.path) };
  }

  /** Counted from the stored download events, so every instance answers the same. */
  async downloadCounts(): Promise<{ total: number; byLocale: DownloadsByLocale }> {
    const byLocale = await this.events.countByLocale();
    return { total: CV_LANGUAGES.reduce((sum, lang) => sum + byLocale[lang], 0), byLocale };
  }

  /** The file of a language, counting nothing (HEAD, the link); 404 when it is missing. */
  async find(lang: CvLanguage): Promise<CvFileInfo> {
    const filename = cvFileName(lang);
    const path = resolve(this.config.directory, filename);
    const file = await stat(path).catch(() => undefined);
    if (!file?.isFile()) throw new NotFoundException({ detail: `The ${lang} CV is not available` });
    return { path, filename, size: file.size };
  }
}
