import { Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DatabaseStatus } from '@/database/database-status';
import { type ContactMail, ContactMailer } from './contact-mailer';
import type { ContactRequestDto } from './dto/contact-request.dto';
import type { ContactResponseDto } from './dto/contact-response.dto';
import { ContactMessageEntity, type DeliveryStatus } from './entities/contact-message.entity';

const RECEIVED: ContactResponseDto = {
  success: true,
  message: 'Thank you for your message. You will hear back soon.',
};

/** nodemailer's code for credentials the mail server rejected (SMTP 535). */
const isAuthRejection = (error: unknown): boolean => (error as { code?: string } | null)?.code === 'EAUTH';

type MessageFields = Pick<ContactMessageEntity, 'name' | 'email' | 'message' | 'company' | 'receivedAt'> & { id?: string };

const mailOf = (message: MessageFields): ContactMail => ({
  reference: message.id ?? 'not stored (no database)',
  name: message.name,
  email: message.email,
  message: message.message,
  company: message.company,
  receivedAt: message.receivedAt,
});

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly database: DatabaseStatus,
    private readonly mailer: ContactMailer,
  ) {}

  /**
   * Stores the message (with a database) before any mail goes out, then sends both mails and
   * records how that went. Credentials rejected by the mail server still count as received:
   * the message is kept and the failure logged for the owner to fix. Any other mail failure
   * is a 500, with the message kept as failed. Failures are logged under the request's id.
   */
  async submit(request: ContactRequestDto, requestId: string): Promise<ContactResponseDto> {
    const stored = await this.store(request);
    try {
      const outcome = await this.mailer.send(mailOf(stored ?? { ...request, company: request.company ?? null, receivedAt: new Date() }));
      await this.record(stored, outcome === 'sent' ? 'sent' : 'failed', outcome === 'sent' ? null : 'Not sent: SMTP_HOST is not set');
      return RECEIVED;
    } catch (error) {
      const reason = reasonOf(error);
      await this.record(stored, 'failed', reason);
      if (isAuthRejection(error)) {
        this.logger.error({ event: 'contact_mail_auth_rejected', requestId, contactMessageId: stored?.id, reason });
        return RECEIVED;
      }
      this.logger.error({ event: 'contact_mail_failed', requestId, contactMessageId: stored?.id, reason });
      throw new InternalServerErrorException({ detail: 'Your message could not be delivered; please try again later' });
    }
  }

  /** Sends a stored message's two mails again (see ContactRedelivery) and records the outcome. */
  async redeliver(message: ContactMessageEntity): Promise<void> {
    const attempt = message.redeliveryAttempts;
    try {
      await this.mailer.send(mailOf(message));
      await this.record(message, 'sent', null);
      this.logger.log({ event: 'contact_redelivered', contactMessageId: message.id, attempt });
    } catch (error) {
      const reason = reasonOf(error);
      await this.record(message, 'failed', reason);
      this.logger.warn({ event: 'contact_redelivery_failed', contactMessageId: message.id, attempt, reason });
    }
  }

  private async store(request: ContactRequestDto): Promise<ContactMessageEntity | null> {
    if (!this.database.isConfigured) return null;
    return this.messages.save(
      this.messages.create({
        name: request.name,
        email: request.email,
        message: request.message,
        company: request.company ?? null,
      }),
    );
  }

  /** The mails' fate is bookkeeping: failing to write it never changes the visitor's answer. */
  private async record(stored: ContactMessageEntity | null, status: DeliveryStatus, reason: string | null): Promise<void> {
    if (!stored) return;
    try {
      await this.messages.update(stored.id, { deliveryStatus: status, deliveryError: reason });
    } catch (error) {
      this.logger.error({ event: 'contact_delivery_not_recorded', contactMessageId: stored.id, status, reason: reasonOf(error) });
    }
  }
}
