import { registerAs } from '@nestjs/config';
import { IsEmail, IsOptional, IsString } from 'class-validator';
import { EnvBoolean, EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

const ADDRESS = { require_tld: false };

class MailEnvironment {
  @IsOptional()
  @IsString()
  readonly SMTP_HOST?: string;

  @EnvInteger(1, 65535)
  readonly SMTP_PORT: number = 587;

  @IsOptional()
  @IsString()
  readonly SMTP_USER?: string;

  @IsOptional()
  @IsString()
  readonly SMTP_PASSWORD?: string;

  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  @EnvBoolean()
  readonly SMTP_SECURE: boolean = false;

  @IsEmail(ADDRESS, { message: 'MAIL_FROM must be an email address' })
  readonly MAIL_FROM: string = 'portfolio@localhost';

  @IsOptional()
  @IsEmail(ADDRESS, { message: 'CONTACT_RECIPIENT must be an email address' })
  readonly CONTACT_RECIPIENT?: string;

  @EnvInteger(0, 86_400_000)
  readonly CONTACT_REDELIVERY_INTERVAL_MS: number = 300_000;

  /** How long the mail server may take to accept, greet and answer; silence for longer fails the send. */
  @EnvInteger(1, 600_000)
  readonly SMTP_TIMEOUT_MS: number = 8_000;
}

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  timeoutMs: number;
}

export interface MailConfig {
  /** Unset: mails are written to the log instead of sent. */
  smtp: SmtpServer | undefined;
  from: string;
  /** The site owner's mailbox; MAIL_FROM when unset. */
  contactRecipient: string;
  /** How often failed contact mails are sent again; 0 turns the background redelivery off. */
  redeliveryIntervalMs: number;
}

export const mailConfig = registerAs('mail', (): MailConfig => {
  const env = validateConfig(process.env, MailEnvironment);
  const auth = env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined;
  return {
    smtp: env.SMTP_HOST
      ? { host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, auth, timeoutMs: env.SMTP_TIMEOUT_MS }
      : undefined,
    from: env.MAIL_FROM,
    contactRecipient: env.CONTACT_RECIPIENT ?? env.MAIL_FROM,
    redeliveryIntervalMs: env.CONTACT_REDELIVERY_INTERVAL_MS,
  };
});
