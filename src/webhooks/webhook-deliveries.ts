import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { webhooksConfig } from '@/config/webhooks.config';
import { JobQueue } from '@/jobs/job-queue';
import { type AttemptOutcome, WebhooksRepository } from './persistence/webhooks.repository';
import { DELIVERY_QUEUE, type DeliveryJob } from './webhook-events.service';
import { attemptDelivery } from './webhook-sender';

/** Deliveries one instance makes at once, in batches: a receiver that hangs (10 s at most) holds up its batch's worker, not the others. */
const WORKERS = 4;
const BATCH = 10;
/** Finished deliveries are kept this long for the owner to read, then forgotten. */
const KEEP_FINISHED_DAYS = 30;
const SWEEP_QUEUE = 'webhook-deliveries-sweep';

/**
 * Makes each delivery's attempts, one job each on the durable queue: a 2xx is delivered; anything
 * else is tried again after the next of WEBHOOK_RETRY_DELAYS, and failed after the last. An
 * outcome with a next attempt is recorded in one transaction with it; a final one is one statement.
 * An instance that stops mid-attempt leaves its job to expire, and another instance (or this one,
 * restarted) makes the attempt again: at least once, with the same `webhook-id`.
 */
@Injectable()
export class WebhookDeliveries implements OnModuleInit {
  private readonly logger = new Logger(WebhookDeliveries.name);

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly queue: JobQueue,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @Inject(webhooksConfig.KEY) private readonly config: ConfigType<typeof webhooksConfig>,
  ) {}

  onModuleInit(): void {
    this.queue.define<DeliveryJob>({
      queue: DELIVERY_QUEUE,
      run: ({ deliveryId }) => this.attempt(deliveryId),
      workers: WORKERS,
      batch: BATCH,
      expireInSeconds: 30,
    });
    this.queue.define({ queue: SWEEP_QUEUE, cron: '17 3 * * *', run: () => this.sweep() });
  }

  /** Sends the delivery now (again), whatever came of it before. */
  async retry(deliveryId: string): Promise<void> {
    await this.txHost.withTransaction(async () => {
      await this.webhooks.reopen(deliveryId);
      await this.queue.send<DeliveryJob>(DELIVERY_QUEUE, { deliveryId });
    });
  }

  private async attempt(deliveryId: string): Promise<void> {
    const pending = await this.webhooks.pendingDelivery(deliveryId);
    if (!pending) return;
    const { delivery, receiver } = pending;
    const { delivered, status, error } = await attemptDelivery(delivery.id, delivery.body, receiver, this.config.allowPrivateTargets);
    const delaySeconds = this.config.retryDelaysSeconds[delivery.attempts];
    const nextAttemptAt = delivered || delaySeconds === undefined ? null : new Date(Date.now() + delaySeconds * 1000);
    const outcome: AttemptOutcome = {
      status: delivered ? 'delivered' : nextAttemptAt ? 'pending' : 'failed',
      lastStatus: status,
      lastError: error,
      nextAttemptAt,
    };
    if (nextAttemptAt) {
      await this.txHost.withTransaction(async () => {
        await this.webhooks.recordAttempt(deliveryId, outcome);
        await this.queue.send<DeliveryJob>(DELIVERY_QUEUE, { deliveryId }, { startAfter: nextAttemptAt });
      });
    } else {
      await this.webhooks.recordAttempt(deliveryId, outcome);
    }
    this.logger.log({ event: delivered ? 'webhook_delivered' : 'webhook_attempt_failed', deliveryId, status, error, nextAttemptAt });
  }

  private async sweep(): Promise<void> {
    const forgotten = await this.webhooks.forgetFinishedBefore(new Date(Date.now() - KEEP_FINISHED_DAYS * 24 * 60 * 60 * 1000));
    this.logger.log({ event: 'webhook_deliveries_swept', forgotten });
  }
}
