import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { WindowStorage } from '@/common/rate-limit/window-storage';
import { mailboxOf } from './mailbox';

/** Confirmation mails one mailbox may get in a day, however many clients send in its name. */
const CONFIRMATIONS_A_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The confirmations a mailbox has had: at most three in 24 hours, counted in the shared limit
 * storage (Redis across instances when configured) under a hash of the mailbox, which is kept
 * nowhere in the clear, whatever spelling of it each message gave. The form can then not be used
 * to flood someone else's mailbox.
 */
@Injectable()
export class ConfirmationAllowance {
  constructor(private readonly counts: WindowStorage) {}

  /** Counts one confirmation to `address`; false when it is over the day's allowance. */
  async take(address: string): Promise<boolean> {
    const key = createHash('sha256').update(mailboxOf(address)).digest('base64url');
    const { isBlocked } = await this.counts.increment(`contact-confirmation:${key}`, DAY_MS, CONFIRMATIONS_A_DAY);
    return !isBlocked;
  }
}
