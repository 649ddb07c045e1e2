import { join } from 'node:path';
import { SOURCE_ROOT } from '@/source-root';
import type { MailerOptions } from '@nestjs-modules/mailer';
import { HandlebarsAdapter } from '@nestjs-modules/mailer/adapters/handlebars.adapter';
import type { MailConfig, SmtpServer } from '@/config/mail.config';

/** Copied next to the compiled module by nest-cli's assets (nest-cli.json). */
const TEMPLATES_DIR = join(SOURCE_ROOT, 'mail', 'templates');

/**
 * Nodemailer's SMTP transport with short time-outs (SMTP_TIMEOUT_MS, 8 s), so a mail server that
 * accepts the connection and then says nothing fails the request within seconds instead of
 * minutes. Without SMTP_HOST, nodemailer's JSON transport renders the mails and the mailer logs them.
 */
export function mailerOptions(config: MailConfig): MailerOptions {
  const smtpTransport = ({ timeoutMs, ...server }: SmtpServer) => ({
    ...server,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  return {
    transport: config.smtp ? smtpTransport(config.smtp) : { jsonTransport: true },
    template: {
      dir: TEMPLATES_DIR,
      adapter: new HandlebarsAdapter(undefined, { inlineCssEnabled: false }),
      options: { strict: true },
    },
  };
}
