import { Injectable, Logger } from '@nestjs/common';
import { JobQueue } from '@/jobs/job-queue';
import { RetentionSweep } from '@/jobs/retention-sweep';
import { MediaRepository } from './persistence/media.repository';

/**
 * A deleted picture's bytes go once no kept revision names it: the history prunes its oldest
 * revisions as new ones come, and this sweep, every hour, deletes what they alone still kept.
 */
@Injectable()
export class MediaRetention extends RetentionSweep {
  constructor(
    private readonly media: MediaRepository,
    jobs: JobQueue,
  ) {
    super('media-retention', new Logger(MediaRetention.name), jobs);
  }

  async sweep(): Promise<number> {
    const purged = await this.media.purgeForgotten();
    if (purged.length > 0) this.logger.log({ event: 'media_purged', purged });
    return purged.length;
  }
}
