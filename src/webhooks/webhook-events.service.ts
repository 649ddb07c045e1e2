import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { JobQueue } from '@/jobs/job-queue';
import { type Webhook, WebhooksRepository } from './persistence/webhooks.repository';
import type { WebhookEvent, WebhookEventData, WebhookPayload } from './webhook-events';

/** The queue each delivery's attempts run on. */
export const DELIVERY_QUEUE = 'webhook-delivery';

export interface DeliveryJob {
  deliveryId: string;
}

/**
 * Turns an event into a delivery for each receiver subscribed to it, queued in the same
 * transaction: an event is delivered if and only if it was recorded. Nothing here waits for a
 * receiver, so a slow or failing one never holds up what caused the event.
 */
@Injectable()
export class WebhookEvents {
  private readonly logger = new Logger(WebhookEvents.name);

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly queue: JobQueue,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  /** The deliveries' ids, one per receiver (those subscribed unless `to` names them). */
  async emit<E extends WebhookEvent>(type: E, data: WebhookEventData[E], to?: Webhook[]): Promise<string[]> {
    const receivers = to ?? (await this.webhooks.subscribers(type));
    if (receivers.length === 0) return [];
    const payload: WebhookPayload<E> = { type, timestamp: new Date().toISOString(), data };
    const body = JSON.stringify(payload);
    const deliveries = receivers.map(({ id: webhookId }) => ({
      id: `msg_${randomUUID().replaceAll('-', '')}`,
      webhookId,
      event: type,
      body,
    }));
    await this.txHost.withTransaction(async () => {
      await this.webhooks.addDeliveries(deliveries);
      for (const { id } of deliveries) await this.queue.send<DeliveryJob>(DELIVERY_QUEUE, { deliveryId: id });
    });
    return deliveries.map(({ id }) => id);
  }

  /** `emit` for what already happened (a message kept, a CV served): an event that cannot be recorded is logged, and the caller's answer stands. */
  async announce<E extends WebhookEvent>(type: E, data: WebhookEventData[E]): Promise<void> {
    try {
      await this.emit(type, data);
    } catch (error) {
      this.logger.warn({ event: 'webhook_event_not_recorded', type, detail: error instanceof Error ? error.message : String(error) });
    }
  }
}
