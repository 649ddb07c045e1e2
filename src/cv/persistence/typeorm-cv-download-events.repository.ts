import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Repository } from 'typeorm';
import { CV_LANGUAGES, type CvLanguage } from '@/cv/cv-language';
import { CvDownloadEventEntity } from '@/cv/entities/cv-download-event.entity';
import type { PostgresAdapter } from '@/database/storage-for';
import { CvDownloadEventsRepository, type DownloadsByLocale } from './cv-download-events.repository';

/** The cv_download_events table: one row a download. */
class TypeOrmCvDownloadEvents extends CvDownloadEventsRepository {
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

export const typeOrmCvDownloadEvents: PostgresAdapter<CvDownloadEventsRepository> = (txHost) => new TypeOrmCvDownloadEvents(txHost);
