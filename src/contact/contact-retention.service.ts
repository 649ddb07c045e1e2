import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { PeriodicTask } from '@/common/scheduling/periodic-task';
import { contactConfig } from '@/config/contact.config';
import { ContactMessagesRepository } from './persistence/contact-messages.repository';

const SWEEP_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Contact messages are kept CONTACT_RETENTION_DAYS (365 by default), then deleted: checked every hour. */
@Injectable()
export class ContactRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ContactRetention.name);
  private readonly sweeps = new PeriodicTask('contact_retention', () => this.sweep(), this.logger);

  constructor(
    private readonly messages: ContactMessagesRepository,
    @Inject(contactConfig.KEY) private readonly config: ConfigType<typeof contactConfig>,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  /** Deletes the messages received before the retention began; answers how many. */
  async sweep(): Promise<number> {
    const deleted = await this.messages.deleteReceivedBefore(new Date(Date.now() - this.config.retentionDays * DAY_MS));
    if (deleted > 0) this.logger.log({ event: 'contact_messages_expired', deleted });
    return deleted;
  }
}
