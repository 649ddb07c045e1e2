import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '@/common/scheduling/periodic-task';
import { ContentTransactions } from '@/content-store/content-transactions';
import { DraftsService } from './drafts.service';

/** How often each instance looks whether a scheduled publish is due: well within the 5 s it may be late. */
const LOOK_EVERY_MS = 1_000;
/** A refusal's first issues go in its log line; the draft holds them all. */
const LOGGED_ISSUES = 5;

/**
 * A scheduled publish happens once, across instances and restarts: every instance looks each
 * second, and the one that takes the draft's lock first publishes it (the others then find none).
 * The time is in the database, so a restart forgets nothing.
 */
@Injectable()
export class ScheduledPublishing implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScheduledPublishing.name);
  private readonly looks = new PeriodicTask('scheduled_publish', () => this.look(), this.logger);

  constructor(
    private readonly drafts: DraftsService,
    private readonly transactions: ContentTransactions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.transactions.acceptsWrites) this.looks.start(LOOK_EVERY_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.looks.stop();
  }

  private async look(): Promise<void> {
    const { published, refused } = await this.drafts.publishIfDue();
    if (published) this.logger.log({ event: 'draft_published', detail: 'at its scheduled time' });
    if (refused)
      this.logger.warn({
        event: 'scheduled_publish_refused',
        detail: 'The draft breaks a rule now: its schedule stopped, and GET /api/admin/draft says why',
        issues: refused.slice(0, LOGGED_ISSUES),
      });
  }
}
