import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One mail's state: pending until tried (or while being tried), sent once the mail server took
 * it, failed when it may be tried again, refused when the mail server refused it for good,
 * withheld when the service chose not to send it (spam; a confirmation over its address's allowance).
 */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'refused' | 'withheld';

/** A mail of a message: its state, how often it was tried in all, and why the last try failed. */
export class MailDelivery {
  @Column({ type: 'text', default: 'pending' })
  status!: MailStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;
}

const statusCheck = (mail: string) => `"${mail}_status" IN ('pending', 'sent', 'failed', 'refused', 'withheld')`;

/** Stored before any mail is sent, so no message is ever lost; each of its two mails keeps its own delivery. */
@Entity('contact_messages')
@Check('CHK_contact_messages_notification_status', statusCheck('notification'))
@Check('CHK_contact_messages_confirmation_status', statusCheck('confirmation'))
// What redelivery looks through: messages with a mail not yet sent or refused.
@Index('IDX_contact_messages_undelivered', ['receivedAt'], {
  where: `"notification_status" IN ('pending', 'failed') OR "confirmation_status" IN ('pending', 'failed')`,
})
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'text', nullable: true })
  company!: string | null;

  @Index('IDX_contact_messages_received_at')
  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt!: Date;

  /** Caught by the honeypot: kept for the owner to look at, never mailed. */
  @Column({ type: 'boolean', default: false })
  spam!: boolean;

  /** To the site owner. */
  @Column(() => MailDelivery)
  notification!: MailDelivery;

  /** To the sender. */
  @Column(() => MailDelivery)
  confirmation!: MailDelivery;

  /** When the last try to send this message's mails began: a mail pending long after it was abandoned. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastAttemptAt!: Date;
}
