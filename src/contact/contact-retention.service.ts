import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { JobQueue } from '@/jobs/job-queue';
import { daysAgo, RetentionSweep } from '@/jobs/retention-sweep';
import { contactConfig } from '@/config/contact.config';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';

/** Contact messages are kept CONTACT_RETENTION_DAYS (365 by default), then deleted. */
@Injectable()
export class ContactRetention extends RetentionSweep {
  constructor(
    private readonly messages: ContactMessagesRepository,
    @Inject(contactConfig.KEY) private readonly config: ConfigType<typeof contactConfig>,
    jobs: JobQueue,
  ) {
    super('contact-retention', new Logger(ContactRetention.name), jobs);
  }

  async sweep(): Promise<number> {
    const deleted = await this.messages.deleteReceivedBefore(daysAgo(this.config.retentionDays));
    if (deleted > 0) this.logger.log({ event: 'contact_messages_expired', deleted });
    return deleted;
  }
}
