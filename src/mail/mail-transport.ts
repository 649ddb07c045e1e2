import type { ISendMailOptions, MailerService } from '@nestjs-modules/mailer';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { LazyModuleLoader } from '@nestjs/core';
import { type Reachability, reachabilityOf } from '@/common/reachability';
import { mailConfig } from '@/config/mail.config';

/** What became of a mail: handed to the mail server, or only logged (no SMTP_HOST). */
export type MailOutcome = 'sent' | 'logged';

/**
 * Sends mails rendered from the templates in mail/templates through @nestjs-modules/mailer,
 * which is loaded with the first mail or health check that needs it (MailerLazyModule). Without
 * SMTP_HOST a mail is rendered and logged instead of sent. Rejects with nodemailer's error when
 * the mail server refuses or cannot be reached.
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private loadedMailer: Promise<MailerService> | undefined;

  constructor(
    private readonly lazyModules: LazyModuleLoader,
    @Inject(mailConfig.KEY) private readonly config: ConfigType<typeof mailConfig>,
  ) {}

  async send(mail: ISendMailOptions): Promise<MailOutcome> {
    await (await this.mailer()).sendMail({ from: this.config.from, ...mail });
    if (this.config.smtp) return 'sent';
    this.logger.log({ event: 'mail_not_sent', reason: 'SMTP_HOST is not set', template: mail.template, to: mail.to });
    return 'logged';
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

  private mailer(): Promise<MailerService> {
    this.loadedMailer ??= import('./mailer.module.js').then(async ({ MailerLazyModule, MailerService }) =>
      (await this.lazyModules.load(() => MailerLazyModule)).get(MailerService, { strict: false }),
    );
    return this.loadedMailer;
  }
}
