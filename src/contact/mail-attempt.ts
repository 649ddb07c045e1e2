import type { MailOutcome } from '@/mail/mail-transport';
import type { MailStatus } from './entities/contact-message.entity';

/**
 * How one try to send a mail ended: handed to the mail server; only logged (no SMTP_HOST, so an
 * instance with a mail server sends it later); refused because of the service's own credentials
 * (SMTP 535: the owner must fix them); refused for good (an SMTP 5xx for this recipient or
 * message, which a retry would only get again); the mail server could not be reached or did not
 * answer in time; failed for another reason that may pass; or withheld, never tried on purpose.
 */
export type AttemptResult = 'sent' | 'logged' | 'credentials' | 'refused' | 'unreachable' | 'failed' | 'withheld';

export interface MailAttempt {
  result: AttemptResult;
  error: string | null;
}

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
}

/** nodemailer's codes for a mail server that could not be reached or went silent. */
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

/** RFC 5321: every 5yz reply is a permanent refusal, but 503 (bad sequence of commands), which a new session can pass. */
const isPermanentReply = (code: number | undefined): boolean => code !== undefined && code >= 500 && code < 600 && code !== 503;

/** A permanent refusal of the recipient or of the message; one of MAIL FROM concerns the service's own sender. */
function isRefusedForGood(error: SmtpError): boolean {
  const ofThisMail = (error.code === 'EENVELOPE' && error.command !== 'MAIL FROM') || error.code === 'EMESSAGE';
  return ofThisMail && isPermanentReply(error.responseCode);
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export async function attemptMail(send: () => Promise<MailOutcome>): Promise<MailAttempt> {
  try {
    return (await send()) === 'sent' ? { result: 'sent', error: null } : { result: 'logged', error: 'Not sent: SMTP_HOST is not set' };
  } catch (error) {
    const smtp = (error ?? {}) as SmtpError;
    return { result: resultOf(smtp), error: reasonOf(error) };
  }
}

function resultOf(error: SmtpError): AttemptResult {
  if (error.code === 'EAUTH') return 'credentials';
  if (isRefusedForGood(error)) return 'refused';
  return UNREACHABLE_CODES.has(error.code ?? '') ? 'unreachable' : 'failed';
}

/** What the message's row keeps of an attempt. */
export function statusAfter({ result }: MailAttempt): MailStatus {
  return result === 'sent' || result === 'refused' || result === 'withheld' ? result : 'failed';
}
