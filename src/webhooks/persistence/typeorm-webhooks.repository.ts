import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ArrayContains, In, LessThan, type Repository } from 'typeorm';
import type { PostgresAdapter } from '@/database/storage-for';
import { WebhookDeliveryEntity } from '@/webhooks/entities/webhook-delivery.entity';
import { WebhookEventCursorEntity } from '@/webhooks/entities/webhook-event-cursor.entity';
import { WebhookEntity } from '@/webhooks/entities/webhook.entity';
import {
  type AttemptOutcome,
  type Delivery,
  type NewDelivery,
  type Webhook,
  type WebhookFields,
  WebhooksRepository,
} from './webhooks.repository';

/** The webhooks, webhook_deliveries and webhook_event_cursors tables. */
class TypeOrmWebhooks extends WebhooksRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get webhooks(): Repository<WebhookEntity> {
    return this.txHost.tx.getRepository(WebhookEntity);
  }

  private get sent(): Repository<WebhookDeliveryEntity> {
    return this.txHost.tx.getRepository(WebhookDeliveryEntity);
  }

  list(): Promise<Webhook[]> {
    return this.webhooks.find({ order: { createdAt: 'ASC' } });
  }

  async find(id: string): Promise<Webhook | undefined> {
    return (await this.webhooks.findOneBy({ id })) ?? undefined;
  }

  add(fields: WebhookFields & { secret: string }): Promise<Webhook> {
    return this.webhooks.save(this.webhooks.create(fields));
  }

  async update(id: string, changes: Partial<WebhookFields & { secret: string }>): Promise<Webhook | undefined> {
    const found = await this.find(id);
    return found && this.webhooks.save({ ...found, ...changes });
  }

  async remove(id: string): Promise<boolean> {
    return Boolean((await this.webhooks.delete({ id })).affected);
  }

  subscribers(event: string): Promise<Webhook[]> {
    return this.webhooks.findBy({ enabled: true, events: ArrayContains([event]) });
  }

  async addDeliveries(deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length > 0) await this.sent.insert(deliveries);
  }

  async delivery(id: string): Promise<Delivery | undefined> {
    return (await this.sent.findOneBy({ id })) ?? undefined;
  }

  async pendingDelivery(id: string): Promise<{ delivery: Delivery; receiver: Webhook } | undefined> {
    // A query builder, not findOne: with a join findOne's LIMIT makes TypeORM ask for the id first, a round trip more.
    const found = await this.sent
      .createQueryBuilder('delivery')
      .innerJoinAndSelect('delivery.webhook', 'webhook')
      .where('delivery.id = :id AND delivery.status = :status', { id, status: 'pending' })
      .getOne();
    if (!found?.webhook) return undefined;
    const { webhook: receiver, ...delivery } = found;
    return { delivery, receiver };
  }

  deliveries(webhookId: string, limit: number): Promise<Delivery[]> {
    return this.sent.find({ where: { webhookId }, order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  async recordAttempt(id: string, outcome: AttemptOutcome): Promise<void> {
    await this.sent.update(id, {
      ...outcome,
      attempts: () => '"attempts" + 1',
      deliveredAt: outcome.status === 'delivered' ? new Date() : null,
    });
  }

  async reopen(id: string): Promise<void> {
    await this.sent.update(id, { status: 'pending', nextAttemptAt: new Date() });
  }

  async forgetFinishedBefore(date: Date): Promise<number> {
    return (await this.sent.delete({ status: In(['delivered', 'failed']), createdAt: LessThan(date) })).affected ?? 0;
  }

  advance(source: string, advance: (position: number) => Promise<number>): Promise<void> {
    return this.txHost.withTransaction(async () => {
      const cursors = this.txHost.tx.getRepository(WebhookEventCursorEntity);
      const cursor = await cursors.findOne({ where: { source }, lock: { mode: 'pessimistic_write' } });
      const position = await advance(cursor?.position ?? 0);
      if (position !== cursor?.position) await cursors.upsert({ source, position }, ['source']);
    });
  }
}

export const typeOrmWebhooks: PostgresAdapter<WebhooksRepository> = (txHost) => new TypeOrmWebhooks(txHost);
