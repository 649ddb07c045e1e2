import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { PeriodicTask } from '@/common/scheduling/periodic-task';
import { cvConfig } from '@/config/cv.config';
import { CvDownloadEventsRepository } from './persistence/cv-download-events.repository';

const SWEEP_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Download events are kept DOWNLOAD_EVENTS_RETENTION_DAYS (400 by default); older ones are folded
 * into counts per language and day, so the counts outlive them: checked every hour.
 */
@Injectable()
export class CvDownloadRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CvDownloadRetention.name);
  private readonly sweeps = new PeriodicTask('cv_download_retention', () => this.sweep(), this.logger);

  constructor(
    private readonly events: CvDownloadEventsRepository,
    @Inject(cvConfig.KEY) private readonly config: ConfigType<typeof cvConfig>,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  /** Folds the events older than the retention into daily counts; answers how many. */
  async sweep(): Promise<number> {
    const folded = await this.events.foldEventsBefore(new Date(Date.now() - this.config.downloadEventsRetentionDays * DAY_MS));
    if (folded > 0) this.logger.log({ event: 'cv_download_events_folded', folded });
    return folded;
  }
}
