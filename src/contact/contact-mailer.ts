import type { ISendMailOptions, MailerService } from '@nestjs-modules/mailer';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { LazyModuleLoader } from '@nestjs/core';
import type { ConfigType } from '@nestjs/config';
import { mailConfig } from '@/config/mail.config';
import { type Reachability, reachabilityOf } from '@/common/reachability';

export interface ContactMail {
  reference: string;
  name: string;
  email: string;
  message: string;
  company: string | null;
  receivedAt: Date;
}

/** What became of the two mails: handed to the mail server, or only logged (no SMTP_HOST). */
export type MailOutcome = 'sent' | 'logged';

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
export class ContactMailer implements OnModuleDestroy {
  private readonly logger = new Logger(ContactMailer.name);
  private loadedMailer: Promise<MailerService> | undefined;

  constructor(
    private readonly lazyModules: LazyModuleLoader,
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
    await this.deliver({
      to: this.config.contactRecipient,
      replyTo: sender,
      // The mailer fills {{ senderName }} in once; a name holding braces is not expanded again.
      subject: 'Portfolio contact from {{ senderName }}',
      template: 'contact-notification',
      textTemplate: 'contact-notification.txt',
      context,
    });
    await this.deliver({
      to: sender,
      subject: 'Thank you for your message',
      template: 'contact-confirmation',
      textTemplate: 'contact-confirmation.txt',
      context,
    });
    return this.config.smtp ? 'sent' : 'logged';
  }

  /** Whether the mail server accepts a connection (and the credentials), for the health report. */
  reachability(): Promise<Reachability> {
    if (!this.config.smtp) return Promise.resolve('not configured');
    return reachabilityOf(async () => {
      if (!(await (await this.mailer()).verifyAllTransporters())) throw new Error('mail server refused');
    });
  }

  /** Nest calls no lifecycle hook of a lazily loaded module: its connections are closed here. */
  async onModuleDestroy(): Promise<void> {
    const mailer = await this.loadedMailer?.catch(() => undefined);
    await mailer?.onModuleDestroy();
  }

  /** The mailer, loaded with the first mail or health check that needs it (MailTransportModule). */
  private mailer(): Promise<MailerService> {
    this.loadedMailer ??= import('./mail-transport.module.js').then(async ({ MailTransportModule, MailerService }) =>
      (await this.lazyModules.load(() => MailTransportModule)).get(MailerService, { strict: false }),
    );
    return this.loadedMailer;
  }

  private async deliver(mail: ISendMailOptions): Promise<void> {
    await (await this.mailer()).sendMail({ from: this.config.from, ...mail });
    if (!this.config.smtp) {
      this.logger.log({ event: 'mail_not_sent', reason: 'SMTP_HOST is not set', template: mail.template, to: mail.to });
    }
  }
}
