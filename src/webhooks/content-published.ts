import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from 'rxjs';
import { CONTENT_DOMAINS } from '@/content';
import { ContentHistoryService } from '@/history/content-history.service';
import { JobQueue } from '@/jobs/job-queue';
import { ReadModel } from '@/read-model/read-model';
import { WebhooksRepository } from './persistence/webhooks.repository';
import { WebhookEvents } from './webhook-events.service';

const QUEUE = 'content-published';
/** Changes this close together are one event. */
const GATHER_MS = 2_000;
/** The most revisions one event names; more are the next event's. */
const MOST_REVISIONS = 1_000;

/**
 * `content.published` for every change visitors can see, whatever made it: the content history
 * records each as a revision (an admin write, an import, a publish, the sync, SQL typed by hand),
 * and this sends the revisions recorded since the last event as one event, 2 s after a change is
 * heard. A change is heard by every instance, but one job waits at a time (a short queue), and the
 * cursor it moves is locked while it runs: one event, by one instance. A change whose
 * announcement was missed is sent by the sweep, each minute, and at start.
 */
@Injectable()
export class ContentPublishedEvents implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ContentPublishedEvents.name);
  private subscription: Subscription | undefined;

  constructor(
    private readonly queue: JobQueue,
    private readonly history: ContentHistoryService,
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEvents,
    private readonly readModel: ReadModel,
  ) {}

  onModuleInit(): void {
    this.queue.define({ queue: QUEUE, policy: 'short', cron: '* * * * *', lookEverySeconds: 0.5, run: () => this.send() });
  }

  /** What changed while no instance listened (the seed, SQL typed meanwhile) is sent now too. */
  onApplicationBootstrap(): void {
    this.subscription = this.readModel.changes.subscribe(() => void this.soon());
    void this.soon();
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  private async soon(): Promise<void> {
    try {
      await this.queue.send(QUEUE, {}, { startAfter: new Date(Date.now() + GATHER_MS) });
    } catch (error) {
      this.logger.warn({ event: 'content_published_not_queued', detail: error instanceof Error ? error.message : String(error) });
    }
  }

  private send(): Promise<void> {
    return this.webhooks.advance('content', async (position) => {
      const revisions = await this.history.since(position, MOST_REVISIONS);
      if (revisions.length === 0) return position;
      const touched = new Set(revisions.flatMap((revision) => revision.domains));
      const revision = revisions.at(-1)!.id;
      await this.events.emit('content.published', {
        domains: CONTENT_DOMAINS.filter((domain) => touched.has(domain)),
        changes: revisions.flatMap((revision) => revision.changes),
        revision,
      });
      return revision;
    });
  }
}
