import type { ContactMessageEntity, MailDelivery } from '@/contact/entities/contact-message.entity';

export type ContactMail = 'notification' | 'confirmation';
export const CONTACT_MAILS: readonly ContactMail[] = ['notification', 'confirmation'];

export type MessageFields = Pick<ContactMessageEntity, 'name' | 'email' | 'message' | 'company' | 'spam'>;

/** What a try left of one mail; a mail not tried keeps its delivery. */
export type DeliveryUpdate = Partial<Record<ContactMail, Omit<MailDelivery, 'attempts'>>>;

/** A claimed message and which of its mails are due. */
export interface ClaimedMessage {
  message: ContactMessageEntity;
  due: ContactMail[];
}

export interface RedeliveryRules {
  /** A mail is tried at most this often in all, the first try included. */
  maxAttempts: number;
  /** A mail still pending this long after its message's last try began was abandoned mid-send. */
  abandonedAfterMs: number;
  batchSize: number;
}

/** Where contact messages are kept until both their mails are settled. */
export abstract class ContactMessagesRepository {
  /**
   * Keeps a message about to be mailed (its mails pending, on their first attempt, but those
   * `withheld`); null where nothing can be kept. A spam message has both withheld.
   */
  abstract store(fields: MessageFields, withheld?: readonly ContactMail[]): Promise<ContactMessageEntity | null>;
  abstract recordDelivery(id: string, update: DeliveryUpdate): Promise<void>;
  /** The oldest messages with a mail due, claimed so that no other instance sends them too. */
  abstract claimDue(rules: RedeliveryRules): Promise<ClaimedMessage[]>;
  /** Deletes the messages received before `date`, whatever their mails' state; answers how many. */
  abstract deleteReceivedBefore(date: Date): Promise<number>;
}

/** Without a database: a message lives only as long as its request, so there is nothing to deliver later. */
export class UnkeptContactMessages extends ContactMessagesRepository {
  async store(): Promise<null> {
    return null;
  }

  async recordDelivery(): Promise<void> {}

  async claimDue(): Promise<ClaimedMessage[]> {
    return [];
  }

  async deleteReceivedBefore(): Promise<number> {
    return 0;
  }
}
