import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { PeriodicTask } from '@/common/scheduling/periodic-task';
import { mailConfig } from '@/config/mail.config';
import { ContactService } from './contact.service';
import { ContactMessagesRepository, type RedeliveryRules } from './persistence/contact-messages.repository';

/**
 * A mail is tried once with the request and at most 5 more times here; a mail left pending
 * (the process stopped mid-send) is taken up again once it is 5 minutes old, far past any mail
 * time-out and the shutdown grace.
 */
const REDELIVERY_RULES: RedeliveryRules = { maxAttempts: 6, abandonedAfterMs: 5 * 60_000, batchSize: 10 };

/**
 * Sends contact mails not yet sent, every CONTACT_REDELIVERY_INTERVAL_MS, oldest message first,
 * only the mails that are due (a mail sent or refused for good is never sent again). Claiming
 * marks the mails pending in the same statement that locks the rows (SKIP LOCKED), so instances
 * sharing the database never send the same mail twice. Runs only where mail can actually be sent
 * (SMTP_HOST set); without a database no message is kept, so none is ever due.
 */
@Injectable()
export class ContactRedelivery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly rounds = new PeriodicTask('contact_redelivery', () => this.redeliverDue(), new Logger(ContactRedelivery.name));

  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly contact: ContactService,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.smtp && this.config.redeliveryIntervalMs > 0) this.rounds.start(this.config.redeliveryIntervalMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** One round: claims the messages with a mail due and sends those mails; answers how many messages were claimed. */
  async redeliverDue(): Promise<number> {
    const claimed = await this.messages.claimDue(REDELIVERY_RULES);
    for (const message of claimed) await this.contact.redeliver(message);
    return claimed.length;
  }
}
