import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { JobQueue } from '@/jobs/job-queue';
import { daysAgo, RetentionSweep } from '@/jobs/retention-sweep';
import { cvConfig } from '@/config/cv.config';
import { CvDownloadEventsRepository } from './persistence/cv-download-events.repository';

/**
 * Download events are kept DOWNLOAD_EVENTS_RETENTION_DAYS (400 by default); older ones are folded
 * into counts per language and day, so the counts outlive them.
 */
@Injectable()
export class CvDownloadRetention extends RetentionSweep {
  constructor(
    private readonly events: CvDownloadEventsRepository,
    @Inject(cvConfig.KEY) private readonly config: ConfigType<typeof cvConfig>,
    jobs: JobQueue,
  ) {
    super('cv-download-retention', new Logger(CvDownloadRetention.name), jobs);
  }

  async sweep(): Promise<number> {
    const folded = await this.events.foldEventsBefore(daysAgo(this.config.downloadEventsRetentionDays));
    if (folded > 0) this.logger.log({ event: 'cv_download_events_folded', folded });
    return folded;
  }
}
