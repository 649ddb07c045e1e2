import { Injectable, Logger } from '@nestjs/common';
import { RetentionSweep } from '@/common/scheduling/retention-sweep';
import { MediaRepository } from './persistence/media.repository';

/**
 * A deleted picture's bytes go once no kept revision names it: the history prunes its oldest
 * revisions as new ones come, and this sweep, every hour, deletes what they alone still kept.
 */
@Injectable()
export class MediaRetention extends RetentionSweep {
  constructor(private readonly media: MediaRepository) {
    super('media_retention', new Logger(MediaRetention.name));
  }

  async sweep(): Promise<number> {
    const purged = await this.media.purgeForgotten();
    if (purged.length > 0) this.logger.log({ event: 'media_purged', purged });
    return purged.length;
  }
}
