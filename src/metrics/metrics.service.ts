import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CV_LANGUAGES, type CvLanguage } from '@/cv/cv-language';
import { CvDownloadEventEntity } from '@/cv/entities/cv-download-event.entity';
import { DatabaseStatus } from '@/database/database-status';
import type { CvDownloadCountsDto } from './dto/cv-download-counts.dto';

@Injectable()
export class MetricsService {
  constructor(
    @InjectRepository(CvDownloadEventEntity) private readonly events: Repository<CvDownloadEventEntity>,
    private readonly database: DatabaseStatus,
  ) {}

  /** Counted from the stored download events, so every instance answers the same. */
  async cvDownloads(): Promise<CvDownloadCountsDto> {
    if (!this.database.isConfigured) {
      throw new ServiceUnavailableException({ detail: 'No database is configured: downloads are not counted' });
    }
    const rows = await this.events
      .createQueryBuilder('event')
      .select('event.locale', 'locale')
      .addSelect('COUNT(*)::int', 'count')
      .groupBy('event.locale')
      .getRawMany<{ locale: string; count: number }>();
    const byLocale = Object.fromEntries(CV_LANGUAGES.map((lang) => [lang, 0])) as Record<CvLanguage, number>;
    for (const { locale, count } of rows) if (locale in byLocale) byLocale[locale as CvLanguage] = count;
    return { total: CV_LANGUAGES.reduce((sum, lang) => sum + byLocale[lang], 0), byLocale };
  }
}
