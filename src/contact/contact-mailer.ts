import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { mailConfig } from '@/config/mail.config';
import { type MailOutcome, MailTransport } from '@/mail/mail-transport';

export interface ContactMail {
  reference: string;
  name: string;
  email: string;
  message: string;
  company: string | null;
  receivedAt: Date;
}

/** Control characters (CR/LF above all) would start a new header: they become spaces. */
export function headerSafe(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/**
 * The contact form's two mails: a notification to the site owner carrying every field, with
 * Reply-To set to the visitor, then a confirmation to the visitor. Rejects with nodemailer's
 * error when the mail server refuses or cannot be reached.
 */
@Injectable()
export class ContactMailer {
  constructor(
    private readonly transport: MailTransport,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  async send(mail: ContactMail): Promise<MailOutcome> {
    const sender = { name: headerSafe(mail.name), address: mail.email };
    const context = {
      ...mail,
      senderName: sender.name,
      company: mail.company ?? '—',
      receivedAt: mail.receivedAt.toISOString(),
    };
    await this.transport.send({
      to: this.config.contactRecipient,
      replyTo: sender,
      // The mailer fills {{ senderName }} in once; a name holding braces is not expanded again.
      subject: 'Portfolio contact from {{ senderName }}',
      template: 'contact-notification',
      textTemplate: 'contact-notification.txt',
      context,
    });
    return this.transport.send({
      to: sender,
      subject: 'Thank you for your message',
      template: 'contact-confirmation',
      textTemplate: 'contact-confirmation.txt',
      context,
    });
  }
}
