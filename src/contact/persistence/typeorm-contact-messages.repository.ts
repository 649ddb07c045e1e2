import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, LessThan, type Repository } from 'typeorm';
import { ContactMessageEntity, type MailDelivery } from '@/contact/entities/contact-message.entity';
import type { PostgresAdapter } from '@/database/storage-for';
import {
  CONTACT_MAILS,
  type ClaimedMessage,
  type ContactMail,
  ContactMessagesRepository,
  type DeliveryUpdate,
  type MessageFields,
  type RedeliveryRules,
} from './contact-messages.repository';

/** Due: failed for a reason that may pass, or left pending by a try that never finished; and tries left. */
const dueCondition = (mail: ContactMail) => `(
  "${mail}_attempts" < $1 AND (
    "${mail}_status" = 'failed'
    OR ("${mail}_status" = 'pending' AND "last_attempt_at" < now() - $2 * interval '1 millisecond')))`;

/**
 * Claims the oldest messages with a mail due, in one statement: their due mails become pending
 * with one more attempt and the message's last try starts now, so no other instance (these rows
 * are locked, then no longer due) sends them too.
 */
const CLAIM_DUE = `
WITH due AS (
  SELECT "id", ${dueCondition('notification')} AS "notification_due", ${dueCondition('confirmation')} AS "confirmation_due"
  FROM "contact_messages"
  WHERE ${dueCondition('notification')} OR ${dueCondition('confirmation')}
  ORDER BY "received_at"
  LIMIT $3
  FOR UPDATE SKIP LOCKED
)
UPDATE "contact_messages" AS m SET
  "notification_status" = CASE WHEN due."notification_due" THEN 'pending' ELSE m."notification_status" END,
  "notification_attempts" = m."notification_attempts" + due."notification_due"::int,
  "confirmation_status" = CASE WHEN due."confirmation_due" THEN 'pending' ELSE m."confirmation_status" END,
  "confirmation_attempts" = m."confirmation_attempts" + due."confirmation_due"::int,
  "last_attempt_at" = now()
FROM due
WHERE m."id" = due."id"
RETURNING m."id", due."notification_due", due."confirmation_due"`;

interface ClaimedRow {
  id: string;
  notification_due: boolean;
  confirmation_due: boolean;
}

/** The contact_messages table: messages and the delivery of their two mails. */
class TypeOrmContactMessages extends ContactMessagesRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get messages(): Repository<ContactMessageEntity> {
    return this.txHost.tx.getRepository(ContactMessageEntity);
  }

  store(fields: MessageFields, withheld: readonly ContactMail[] = []): Promise<ContactMessageEntity> {
    const delivery = (mail: ContactMail): MailDelivery =>
      withheld.includes(mail) ? { status: 'withheld', attempts: 0, error: null } : { status: 'pending', attempts: 1, error: null };
    return this.messages.save(
      this.messages.create({ ...fields, notification: delivery('notification'), confirmation: delivery('confirmation') }),
    );
  }

  async recordDelivery(id: string, update: DeliveryUpdate): Promise<void> {
    await this.messages.update(id, update);
  }

  async deleteReceivedBefore(date: Date): Promise<number> {
    return (await this.messages.delete({ receivedAt: LessThan(date) })).affected ?? 0;
  }

  async claimDue(rules: RedeliveryRules): Promise<ClaimedMessage[]> {
    const parameters = [rules.maxAttempts, rules.abandonedAfterMs, rules.batchSize];
    const [rows] = await this.messages.query<[ClaimedRow[], number]>(CLAIM_DUE, parameters);
    if (rows.length === 0) return [];
    const messages = await this.messages.find({ where: { id: In(rows.map((row) => row.id)) }, order: { receivedAt: 'ASC' } });
    const dueOf = new Map(rows.map((row) => [row.id, CONTACT_MAILS.filter((mail) => row[`${mail}_due`])]));
    return messages.map((message) => ({ message, due: dueOf.get(message.id) ?? [] }));
  }
}

export const typeOrmContactMessages: PostgresAdapter<ContactMessagesRepository> = (txHost) => new TypeOrmContactMessages(txHost);
