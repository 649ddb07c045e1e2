import { ServiceUnavailableException } from '@nestjs/common';
import type { CvLanguage } from '@/cv/cv-language';

/** The downloads of each language, counted. */
export type DownloadsByLocale = Record<CvLanguage, number>;

/** Where CV downloads are recorded, so that every instance counts the same. */
export abstract class CvDownloadEventsRepository {
  abstract record(locale: CvLanguage): Promise<void>;
  /** Every download counted: the events kept, and the daily counts of those past their retention. */
  abstract countByLocale(): Promise<DownloadsByLocale>;
  /** Folds the events before `date` into counts per language and day, and deletes them; answers how many. */
  abstract foldEventsBefore(date: Date): Promise<number>;
}

/** Without a database a download is counted in the instance's metrics only; there are no counts to answer. */
export class UncountedCvDownloads extends CvDownloadEventsRepository {
  async record(): Promise<void> {}

  countByLocale(): Promise<DownloadsByLocale> {
    return Promise.reject(new ServiceUnavailableException({ detail: 'No database is configured: downloads are not counted' }));
  }

  async foldEventsBefore(): Promise<number> {
    return 0;
  }
}
