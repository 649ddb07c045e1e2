import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '@/jobs/job-queue';
import { FALLBACK_WIDTHS } from './image-processor';
import { MediaLibrary } from './media-library.service';
import { MediaRepository } from './persistence/media.repository';

const QUEUE = 'media-fallback-sizes';

/**
 * Pictures uploaded before their fallback (JPEG, or PNG) had the sizes its uses show get them in
 * the background after an upgrade: at start, a job for each such picture, taken by one instance
 * and processed in the uploads' turn, so that no browser or link preview is sent the original.
 */
@Injectable()
export class FallbackSizes implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(FallbackSizes.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly media: MediaRepository,
    private readonly library: MediaLibrary,
  ) {}

  onModuleInit(): void {
    // As long as a 12-megapixel picture may take in its turn, after the uploads waiting before it.
    this.jobs.define<{ id: string }>({ queue: QUEUE, expireInSeconds: 300, run: ({ id }) => this.sized(id) });
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      for (const id of await this.media.withoutFallbackAt(FALLBACK_WIDTHS)) await this.jobs.send(QUEUE, { id }, { singletonKey: id });
    } catch (error) {
      this.logger.warn({ event: 'fallback_sizes_not_queued', detail: error instanceof Error ? error.message : String(error) });
    }
  }

  private async sized(id: string): Promise<void> {
    if (await this.library.addFallbackSizes(id)) this.logger.log({ event: 'fallback_sizes_added', id });
  }
}
