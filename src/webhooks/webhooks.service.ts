import { randomBytes } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { webhooksConfig } from '@/config/webhooks.config';
import type { CreateWebhookDto } from './dto/create-webhook.dto';
import type { UpdateWebhookDto } from './dto/update-webhook.dto';
import type { DeliveryAcceptedDto, RegisteredWebhookDto, WebhookDto, WebhookSecretDto } from './dto/webhook.dto';
import type { WebhookDeliveryDto } from './dto/webhook-delivery.dto';
import { type Delivery, type Webhook, WebhooksRepository } from './persistence/webhooks.repository';
import { WebhookDeliveries } from './webhook-deliveries';
import type { WebhookEvent } from './webhook-events';
import { WebhookEvents } from './webhook-events.service';
import { assertPublicTarget } from './webhook-targets';

const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

const withoutSecret = ({ id, url, events, description, enabled, createdAt }: Webhook): WebhookDto => ({
  id,
  url,
  events: events as WebhookEvent[],
  description,
  enabled,
  createdAt,
});

const deliveryDto = ({ webhookId: _webhookId, body: _body, event, ...delivery }: Delivery): WebhookDeliveryDto => ({
  ...delivery,
  event: event as WebhookEvent,
});

/** The owner's receivers: registered, changed, tested and read back with their deliveries. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly events: WebhookEvents,
    private readonly deliveries: WebhookDeliveries,
    @Inject(webhooksConfig.KEY) private readonly config: Pick<ConfigType<typeof webhooksConfig>, 'allowPrivateTargets'>,
  ) {}

  async register({ url, events, description }: CreateWebhookDto): Promise<RegisteredWebhookDto> {
    await this.assertAllowed(url);
    const webhook = await this.webhooks.add({ url, events, description, enabled: true, secret: newSecret() });
    return { ...withoutSecret(webhook), secret: webhook.secret };
  }

  async list(): Promise<WebhookDto[]> {
    return (await this.webhooks.list()).map(withoutSecret);
  }

  async get(id: string): Promise<WebhookDto> {
    return withoutSecret(await this.found(id));
  }

  async update(id: string, changes: UpdateWebhookDto): Promise<WebhookDto> {
    await this.found(id);
    if (changes.url !== undefined) await this.assertAllowed(changes.url);
    return withoutSecret((await this.webhooks.update(id, changes)) ?? (await this.found(id)));
  }

  async remove(id: string): Promise<void> {
    if (!(await this.webhooks.remove(id))) throw notFound(id);
  }

  async rotateSecret(id: string): Promise<WebhookSecretDto> {
    await this.found(id);
    const secret = newSecret();
    await this.webhooks.update(id, { secret });
    return { secret };
  }

  /** A `webhook.test` event for this receiver alone, whatever it subscribes to. */
  async test(id: string): Promise<DeliveryAcceptedDto> {
    const [deliveryId] = await this.events.emit('webhook.test', { webhookId: id }, [await this.found(id)]);
    return { deliveryId };
  }

  async deliveriesOf(id: string, limit: number): Promise<WebhookDeliveryDto[]> {
    await this.found(id);
    return (await this.webhooks.deliveries(id, limit)).map(deliveryDto);
  }

  async retry(deliveryId: string): Promise<DeliveryAcceptedDto> {
    if (!(await this.webhooks.delivery(deliveryId))) throw new NotFoundException({ detail: `Delivery ${deliveryId} not found` });
    await this.deliveries.retry(deliveryId);
    return { deliveryId };
  }

  private async found(id: string): Promise<Webhook> {
    const webhook = await this.webhooks.find(id);
    if (!webhook) throw notFound(id);
    return webhook;
  }

  private async assertAllowed(url: string): Promise<void> {
    if (!this.config.allowPrivateTargets) await assertPublicTarget(url, ['body', 'url']);
  }
}

const notFound = (id: string) => new NotFoundException({ detail: `Webhook ${id} not found` });
