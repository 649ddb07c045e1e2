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
    const rows = await this.events.query<{ locale: string; count: number }[]>(COUNT_BY_LOCALE);
    const byLocale = Object.fromEntries(CV_LANGUAGES.map((lang) => [lang, 0])) as DownloadsByLocale;
    for (const { locale, count } of rows) if (locale in byLocale) byLocale[locale as CvLanguage] = count;
    return byLocale;
  }

  async foldEventsBefore(date: Date): Promise<number> {
    const [{ folded }] = await this.events.query<{ folded: number }[]>(FOLD_EVENTS_BEFORE, [date]);
    return folded;
  }
}

const COUNT_BY_LOCALE = `
SELECT locale, sum(count)::int AS count FROM (
  SELECT locale, count(*) AS count FROM cv_download_events GROUP BY locale
  UNION ALL
  SELECT locale, sum(downloads) AS count FROM cv_download_daily_counts GROUP BY locale
) AS counted GROUP BY locale`;

/** One statement: each event is deleted and counted once, however many instances fold at the same time. */
const FOLD_EVENTS_BEFORE = `
WITH folded AS (DELETE FROM cv_download_events WHERE downloaded_at < $1 RETURNING locale, downloaded_at),
counted AS (
  INSERT INTO cv_download_daily_counts (day, locale, downloads)
  SELECT (downloaded_at AT TIME ZONE 'UTC')::date, locale, count(*) FROM folded GROUP BY 1, 2
  ON CONFLICT (day, locale) DO UPDATE SET downloads = cv_download_daily_counts.downloads + EXCLUDED.downloads
)
SELECT count(*)::int AS folded FROM folded`;

export const typeOrmCvDownloadEvents: PostgresAdapter<CvDownloadEventsRepository> = (txHost) => new TypeOrmCvDownloadEvents(txHost);
