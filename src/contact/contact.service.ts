import { Injectable, InternalServerErrorException, Logger } from '@nestjs/common';
import { WebhookEvents } from '@/webhooks/webhook-events.service';
import { type ContactNotice, ContactMailer } from './contact-mailer';
import type { ContactRequestDto } from './dto/contact-request.dto';
import type { ContactResponseDto } from './dto/contact-response.dto';
import type { ContactMessageEntity } from './entities/contact-message.entity';
import { type AttemptResult, attemptMail, type MailAttempt, statusAfter } from './mail-attempt';
import { ConfirmationAllowance } from './confirmation-allowance';
import { ContactChallenge } from './contact-challenge';
import {
  CONTACT_MAILS,
  type ClaimedMessage,
  type ContactMail,
  ContactMessagesRepository,
  type DeliveryUpdate,
  type MessageFields,
} from './persistence/contact-messages.repository';

const RECEIVED: ContactResponseDto = {
  success: true,
  message: 'Thank you for your message. You will hear back soon.',
};
const KEPT = 'Your message was received and kept, and will be delivered shortly; there is no need to send it again';
const NOT_KEPT = 'Your message could not be delivered; please try again later';

/** The owner has the message, or will once the mail settings are fixed (rejected credentials are the owner's to fix). */
const REACHES_OWNER: readonly AttemptResult[] = ['sent', 'logged', 'credentials'];
/** Beyond those, a confirmation the sender's own mail server refused for good, or one withheld, is no reason to fail the request. */
const CONFIRMATION_SETTLED: readonly AttemptResult[] = [...REACHES_OWNER, 'refused', 'withheld'];

type Attempts = Partial<Record<ContactMail, MailAttempt>>;

/** After the notification found no mail server, the confirmation would only wait out the same time-out: redelivery sends it. */
const NOT_TRIED: MailAttempt = { result: 'unreachable', error: 'Not tried: the mail server could not be reached' };
/** The address had its day's confirmations already: the owner is notified, the sender is not mailed again. */
const OVER_ALLOWANCE: MailAttempt = { result: 'withheld', error: 'Not sent: the address had its confirmations for the day' };

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly messages: ContactMessagesRepository,
    private readonly mailer: ContactMailer,
    private readonly challenge: ContactChallenge,
    private readonly allowance: ConfirmationAllowance,
    private readonly webhooks: WebhookEvents,
  ) {}

  /**
   * Checks the challenge (where the form asks one), then stores the message (with a database)
   * before any mail goes out, then notifies the owner and confirms to the sender (within the
   * address's daily allowance), recording each mail's fate. 200 once the owner has the message and
   * the confirmation is settled; otherwise 500, saying whether the message was kept for
   * redelivery. Without a database, a message the owner did not get is lost: no confirmation
   * then, and the sender is asked to try again. A message that fills the honeypot answers as any
   * other, is kept as spam and mails nobody.
   */
  async submit(request: ContactRequestDto, requestId: string): Promise<ContactResponseDto> {
    await this.challenge.verify(request.altcha);
    const fields: MessageFields = {
      name: request.name,
      email: request.email,
      message: request.message,
      company: request.company ?? null,
      spam: Boolean(request.website),
    };
    if (fields.spam) return this.keepAsSpam(fields, requestId);
    const confirms = await this.allowance.take(fields.email);
    const stored = await this.messages.store(fields, confirms ? [] : ['confirmation']);
    if (stored) await this.webhooks.announce('contact.received', { id: stored.id, name: stored.name, company: stored.company });
    const notice = stored ? noticeOf(stored) : { ...fields, reference: 'not stored (no database)', receivedAt: new Date() };
    const notification = await attemptMail(() => this.mailer.notifyOwner(notice));
    const confirmation = confirms ? await this.confirm(notice.email, notification, stored !== null) : OVER_ALLOWANCE;
    await this.record(stored, confirms ? { notification, confirmation } : { notification });
    this.logFailures({ notification, confirmation }, { requestId, contactMessageId: stored?.id });
    if (REACHES_OWNER.includes(notification.result) && confirmation && CONFIRMATION_SETTLED.includes(confirmation.result)) return RECEIVED;
    throw new InternalServerErrorException({ detail: stored ? KEPT : NOT_KEPT });
  }

  private async keepAsSpam(fields: MessageFields, requestId: string): Promise<ContactResponseDto> {
    const stored = await this.messages.store(fields, CONTACT_MAILS);
    this.logger.log({ event: 'contact_spam', requestId, contactMessageId: stored?.id });
    return RECEIVED;
  }

  /**
   * The confirmation, unless it cannot help: without a database once the owner was not reached
   * (the message is lost), or when no mail server answered the notification (redelivery sends it).
   */
  private async confirm(address: string, notification: MailAttempt, kept: boolean): Promise<MailAttempt | undefined> {
    if (!kept && !REACHES_OWNER.includes(notification.result)) return undefined;
    if (notification.result === 'unreachable') return NOT_TRIED;
    return attemptMail(() => this.mailer.confirmToSender(address));
  }

  /** Sends a claimed message's due mails again (see ContactRedelivery) and records how each went. */
  async redeliver({ message, due }: ClaimedMessage): Promise<void> {
    const notice = noticeOf(message);
    const attempts: Attempts = {};
    for (const mail of due) {
      attempts[mail] = await attemptMail(() =>
        mail === 'notification' ? this.mailer.notifyOwner(notice) : this.mailer.confirmToSender(notice.email),
      );
    }
    await this.record(message, attempts);
    for (const [mail, { result, error }] of entriesOf(attempts)) {
      const context = { contactMessageId: message.id, mail, attempt: message[mail].attempts };
      if (result === 'sent') this.logger.log({ event: 'contact_redelivered', ...context });
      else this.logger.warn({ event: 'contact_redelivery_failed', ...context, result, reason: error });
    }
  }

  /** The mails' fate is bookkeeping: failing to write it never changes the sender's answer. */
  private async record(stored: ContactMessageEntity | null, attempts: Attempts): Promise<void> {
    if (!stored) return;
    const update: DeliveryUpdate = {};
    for (const [mail, attempt] of entriesOf(attempts)) {
      update[mail] = { status: statusAfter(attempt), error: attempt.error };
    }
    try {
      await this.messages.recordDelivery(stored.id, update);
    } catch (error) {
      this.logger.error({ event: 'contact_delivery_not_recorded', contactMessageId: stored.id, reason: String(error) });
    }
  }

  private logFailures(attempts: Attempts, context: { requestId: string; contactMessageId: string | undefined }): void {
    for (const [mail, attempt] of entriesOf(attempts)) {
      const { result, error } = attempt;
      const details = { ...context, mail, reason: error };
      if (result === 'credentials') this.logger.error({ event: 'contact_mail_auth_rejected', ...details });
      if (result === 'refused') this.logger.warn({ event: 'contact_mail_refused', ...details });
      if (result === 'withheld') this.logger.log({ event: 'contact_confirmation_withheld', ...context, reason: error });
      if ((result === 'failed' || result === 'unreachable') && attempt !== NOT_TRIED)
        this.logger.error({ event: 'contact_mail_failed', ...details });
    }
  }
}

const entriesOf = (attempts: Attempts) =>
  Object.entries(attempts).filter((entry): entry is [ContactMail, MailAttempt] => entry[1] !== undefined);

const noticeOf = (message: ContactMessageEntity): ContactNotice => ({
  reference: message.id,
  name: message.name,
  email: message.email,
  message: message.message,
  company: message.company,
  receivedAt: message.receivedAt,
});
