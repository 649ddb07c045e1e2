import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { mailConfig } from '@/config/mail.config';
import { type MailOutcome, MailTransport } from '@/mail/mail-transport';

export interface ContactNotice {
  reference: string;
  name: string;
  email: string;
  message: string;
  company: string | null;
  receivedAt: Date;
}

/** Control characters (CR/LF above all) would start a new header, or a line of a field's own in a mail: they become spaces. */
export function headerSafe(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/** A text of several lines, each indented, so that none of them can pass for a line of the mail's own (`Company: …`). */
const indented = (text: string): string =>
  text
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
    .map((line) => `  ${line}`)
    .join('\n');

/**
 * The contact form's two mails. Each rejects with nodemailer's error when the mail server
 * refuses it or cannot be reached.
 */
@Injectable()
export class ContactMailer {
  constructor(
    private readonly transport: MailTransport,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  /** To the site owner, carrying every field, with Reply-To set to the sender. */
  notifyOwner(notice: ContactNotice): Promise<MailOutcome> {
    const sender = { name: headerSafe(notice.name), address: notice.email };
    return this.transport.send({
      to: this.config.contactRecipient,
      replyTo: sender,
      // The mailer fills {{ senderName }} in once; a name holding braces is not expanded again.
      subject: 'Portfolio contact from {{ senderName }}',
      template: 'contact-notification',
      textTemplate: 'contact-notification.txt',
      context: {
        ...notice,
        name: sender.name,
        senderName: sender.name,
        company: notice.company === null ? '—' : headerSafe(notice.company),
        indentedMessage: indented(notice.message),
        receivedAt: notice.receivedAt.toISOString(),
      },
    });
  }

  /**
   * To the sender's bare address, carrying no text the sender wrote (no name, company or
   * message): the form cannot be used to mail someone else words of the sender's choosing.
   */
  confirmToSender(address: string): Promise<MailOutcome> {
    return this.transport.send({
      to: address,
      subject: 'Thank you for your message',
      template: 'contact-confirmation',
      textTemplate: 'contact-confirmation.txt',
      context: {},
    });
  }
}
