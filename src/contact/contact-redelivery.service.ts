import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { mailConfig } from '@/config/mail.config';
import { DatabaseStatus } from '@/database/database-status';
import { ContactService } from './contact.service';
import { ContactMessageEntity } from './entities/contact-message.entity';

/** A message whose mails failed this many more times stays failed for good (and in the table). */
export const MAX_REDELIVERY_ATTEMPTS = 5;
const BATCH_SIZE = 10;

/**
 * Sends failed contact mails again, every CONTACT_REDELIVERY_INTERVAL_MS, oldest first. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and marked pending in one transaction, so instances
 * sharing the database never send the same message twice at once. Runs only where mail can
 * actually be sent (SMTP_HOST set) and messages are stored (DATABASE_URL set).
 */
@Injectable()
export class ContactRedelivery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ContactRedelivery.name);
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly database: DatabaseStatus,
    private readonly contact: ContactService,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.database.isConfigured || !this.config.smtp || this.config.redeliveryIntervalMs === 0) return;
    this.timer = setInterval(() => {
      this.round ??= this.redeliverDue()
        .catch((error: unknown) => this.logger.warn({ event: 'contact_redelivery_skipped', reason: String(error) }))
        .finally(() => (this.round = undefined));
    }, this.config.redeliveryIntervalMs).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.round;
  }

  /** One round: claims the due messages and sends each again; answers how many were claimed. */
  async redeliverDue(): Promise<number> {
    const claimed = await this.claimDue();
    for (const message of claimed) await this.contact.redeliver(message);
    return claimed.length;
  }

  private claimDue(): Promise<ContactMessageEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      const due = await manager
        .createQueryBuilder(ContactMessageEntity, 'message')
        .where('message.deliveryStatus = :failed', { failed: 'failed' })
        .andWhere('message.redeliveryAttempts < :limit', { limit: MAX_REDELIVERY_ATTEMPTS })
        .orderBy('message.receivedAt')
        .limit(BATCH_SIZE)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (due.length === 0) return [];
      await manager.update(
        ContactMessageEntity,
        due.map((message) => message.id),
        { deliveryStatus: 'pending', redeliveryAttempts: () => 'redelivery_attempts + 1' },
      );
      return due.map((message) => ({ ...message, redeliveryAttempts: message.redeliveryAttempts + 1 }));
    });
  }
}
