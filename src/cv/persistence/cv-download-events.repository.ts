import { ServiceUnavailableException } from '@nestjs/common';
import type { CvLanguage } from '@/cv/cv-language';

/** The downloads of each language, counted. */
export type DownloadsByLocale = Record<CvLanguage, number>;

/** Where CV downloads are recorded, so that every instance counts the same. */
export abstract class CvDownloadEventsRepository {
  abstract record(locale: CvLanguage): Promise<void>;
  abstract countByLocale(): Promise<DownloadsByLocale>;
}

/** Without a database a download is counted in the instance's metrics only; there are no counts to answer. */
export class UncountedCvDownloads extends CvDownloadEventsRepository {
  async record(): Promise<void> {}

  countByLocale(): Promise<DownloadsByLocale> {
    return Promise.reject(new ServiceUnavailableException({ detail: 'No database is configured: downloads are not counted' }));
  }
}
