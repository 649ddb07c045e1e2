import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueue } from '@/jobs/job-queue';
import { DraftsService, SCHEDULED_PUBLISH_QUEUE } from './drafts.service';

/** A refusal's first issues go in its log line; the draft holds them all. */
const LOGGED_ISSUES = 5;

/**
 * A scheduled publish happens once, across instances and restarts: scheduling sends a job due at
 * that time on the durable queue, in the transaction that sets the time, and whichever instance
 * takes it publishes the draft if it is still due then (a schedule moved or cancelled meanwhile
 * leaves a job that finds nothing to do). Each minute a sweep looks too, for a schedule no job waits for.
 */
@Injectable()
export class ScheduledPublishing implements OnModuleInit {
  private readonly logger = new Logger(ScheduledPublishing.name);

  constructor(
    private readonly drafts: DraftsService,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.define({ queue: SCHEDULED_PUBLISH_QUEUE, cron: '* * * * *', run: () => this.publishIfDue() });
  }

  private async publishIfDue(): Promise<void> {
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
