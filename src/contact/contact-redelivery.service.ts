import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { mailConfig } from '@/config/mail.config';
import { JobQueue } from '@/jobs/job-queue';
import { ContactService } from './contact.service';
import { ContactMessagesRepository, type RedeliveryRules } from './persistence/contact-messages.repository';

/**
 * A mail is tried once with the request and at most 5 more times here; a mail left pending
 * (the process stopped mid-send) is taken up again once it is 5 minutes old, far past any mail
 * time-out and the shutdown grace.
 */
const REDELIVERY_RULES: RedeliveryRules = { maxAttempts: 6, abandonedAfterMs: 5 * 60_000, batchSize: 10 };

const QUEUE = 'contact-redelivery';

/**
 * Sends contact mails not yet sent, every CONTACT_REDELIVERY_INTERVAL_MS, oldest message first,
 * only the mails that are due (a mail sent or refused for good is never sent again). Claiming
 * marks the mails pending in the same statement that locks the rows (SKIP LOCKED), so instances
 * sharing the database never send the same mail twice. Runs only where mail can actually be sent
 * (SMTP_HOST set); without a database no message is kept, so none is ever due. A round is a job
 * on the durable queue that sends the next one when it is done: one round at a time across
 * instances (one job waits at most, per interval: instances configured alike share their rounds),
 * and a sweep each five minutes starts the chain again should a round's next never have been sent.
 */
@Injectable()
export class ContactRedelivery implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly contact: ContactService,
    private readonly jobs: JobQueue,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  private get redelivers(): boolean {
    return Boolean(this.config.smtp) && this.config.redeliveryIntervalMs > 0;
  }

  onModuleInit(): void {
    if (this.redelivers) this.jobs.define({ queue: QUEUE, policy: 'short', cron: '*/5 * * * *', run: () => this.round() });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.redelivers) await this.next();
  }

  private async round(): Promise<void> {
    try {
      await this.redeliverDue();
    } finally {
      await this.next();
    }
  }

  private next(): Promise<unknown> {
    const every = this.config.redeliveryIntervalMs;
    return this.jobs.send(QUEUE, {}, { startAfter: new Date(Date.now() + every), singletonKey: `every ${every} ms` });
  }

  /** One round: claims the messages with a mail due and sends those mails; answers how many messages were claimed. */
  async redeliverDue(): Promise<number> {
    const claimed = await this.messages.claimDue(REDELIVERY_RULES);
    for (const message of claimed) await this.contact.redeliver(message);
    return claimed.length;
  }
}
