import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ServiceUnavailableException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { CV_LANGUAGES, type CvLanguage } from '@/cv/cv-language';
import { CvDownloadEventEntity } from '@/cv/entities/cv-download-event.entity';

/** The downloads of each language, counted. */
export type DownloadsByLocale = Record<CvLanguage, number>;

/** Where CV downloads are recorded, so that every instance counts the same. */
export abstract class CvDownloadEventsRepository {
  abstract record(locale: CvLanguage): Promise<void>;
  abstract countByLocale(): Promise<DownloadsByLocale>;
}

/** The cv_download_events table: one row a download. */
export class TypeOrmCvDownloadEvents extends CvDownloadEventsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get events(): Repository<CvDownloadEventEntity> {
    return this.txHost.tx.getRepository(CvDownloadEventEntity);
  }

  async record(locale: CvLanguage): Promise<void> {
    await this.events.insert({ locale });
  }

  async countByLocale(): Promise<DownloadsByLocale> {
    const rows = await this.events
      .createQueryBuilder('event')
      .select('event.locale', 'locale')
      .addSelect('COUNT(*)::int', 'count')
      .groupBy('event.locale')
      .getRawMany<{ locale: string; count: number }>();
    const byLocale = Object.fromEntries(CV_LANGUAGES.map((lang) => [lang, 0])) as DownloadsByLocale;
    for (const { locale, count } of rows) if (locale in byLocale) byLocale[locale as CvLanguage] = count;
    return byLocale;
  }
}

/** Without a database a download is counted in the instance's metrics only; there are no counts to answer. */
export class UncountedCvDownloads extends CvDownloadEventsRepository {
  async record(): Promise<void> {}

  countByLocale(): Promise<DownloadsByLocale> {
    return Promise.reject(new ServiceUnavailableException({ detail: 'No database is configured: downloads are not counted' }));
  }
}
