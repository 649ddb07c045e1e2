import { join } from 'node:path';
import type { MailerOptions } from '@nestjs-modules/mailer';
import { HandlebarsAdapter } from '@nestjs-modules/mailer/adapters/handlebars.adapter';
import type { MailConfig } from '@/config/mail.config';

/** Copied next to the compiled module by nest-cli's assets (nest-cli.json). */
const TEMPLATES_DIR = join(__dirname, 'templates');

/**
 * Nodemailer's SMTP transport with short time-outs, so a mail server that accepts the
 * connection and then says nothing fails the request within about 10 s instead of minutes.
 * Without SMTP_HOST, nodemailer's JSON transport renders the mails and the mailer logs them.
 */
export function mailerOptions(config: MailConfig): MailerOptions {
  return {
    transport: config.smtp
      ? { ...config.smtp, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 8_000, dnsTimeout: 5_000 }
      : { jsonTransport: true },
    template: {
      dir: TEMPLATES_DIR,
      adapter: new HandlebarsAdapter(undefined, { inlineCssEnabled: false }),
      options: { strict: true },
    },
  };
}
