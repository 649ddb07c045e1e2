import { createReadStream, type ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { cvConfig } from '@/config/cv.config';
import { DatabaseStatus } from '@/database/database-status';
import { cvFileName, type CvLanguage } from './cv-language';
import { CvMetrics } from './cv-metrics';
import type { CvDownloadLinkDto } from './dto/cv-download-link.dto';
import { CvDownloadEventEntity } from './entities/cv-download-event.entity';

export interface CvFile {
  filename: string;
  size: number;
  stream: ReadStream;
}

/** The shipped PDFs in CV_DIR, and the count of their downloads. */
@Injectable()
export class CvFilesService {
  constructor(
    @Inject(cvConfig.KEY) private readonly config: ConfigType<typeof cvConfig>,
    @InjectRepository(CvDownloadEventEntity) private readonly events: Repository<CvDownloadEventEntity>,
    private readonly database: DatabaseStatus,
    private readonly metrics: CvMetrics,
  ) {}

  async link(lang: CvLanguage): Promise<CvDownloadLinkDto> {
    const { filename } = await this.locate(lang);
    return { downloadUrl: `/api/download-cv?lang=${lang}`, lang, filename };
  }

  /** Counts the download (and stores its event, with a database) only once the file is known to exist. */
  async open(lang: CvLanguage): Promise<CvFile> {
    const { path, filename, size } = await this.locate(lang);
    if (this.database.isConfigured) await this.events.insert({ locale: lang });
    this.metrics.downloaded(lang);
    return { filename, size, stream: createReadStream(path) };
  }

  private async locate(lang: CvLanguage): Promise<{ path: string; filename: string; size: number }> {
    const filename = cvFileName(lang);
    const path = resolve(this.config.directory, filename);
    const file = await stat(path).catch(() => undefined);
    if (!file?.isFile()) throw new NotFoundException({ detail: `The ${lang} CV is not available` });
    return { path, filename, size: file.size };
  }
}
