import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { SUBSCRIBABLE_EVENTS, type WebhookEvent } from '@/webhooks/webhook-events';
import { EXAMPLE_DELIVERY_ID, EXAMPLE_RECEIVER_URL, EXAMPLE_SECRET, EXAMPLE_WEBHOOK_ID } from '@/webhooks/webhooks.examples';

/** A receiver, without its secret. */
@ApiSchema({ name: 'Webhook' })
export class WebhookDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_WEBHOOK_ID })
  readonly id!: string;

  @ApiProperty({ format: 'uri', example: EXAMPLE_RECEIVER_URL })
  readonly url!: string;

  @ApiProperty({ type: 'array', items: { type: 'string', enum: SUBSCRIBABLE_EVENTS }, example: ['content.published'] })
  readonly events!: WebhookEvent[];

  @ApiProperty({ example: 'Rebuild the site on Netlify' })
  readonly description!: string;

  @ApiProperty({ example: true })
  readonly enabled!: boolean;

  @ApiProperty({ format: 'date-time', example: '2026-11-28T21:00:00.000Z' })
  readonly createdAt!: Date;
}

const SECRET = {
  pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
  description: 'What deliveries are signed with (Standard Webhooks): `whsec_` and the base64 of 32 random bytes. Shown now only: keep it',
  example: EXAMPLE_SECRET,
};

@ApiSchema({ name: 'WebhookSecret' })
export class WebhookSecretDto {
  @ApiProperty(SECRET)
  readonly secret!: string;
}

/** A receiver just registered: the only answer besides a rotation that shows its secret. */
@ApiSchema({ name: 'RegisteredWebhook' })
export class RegisteredWebhookDto extends WebhookDto {
  @ApiProperty(SECRET)
  readonly secret!: string;
}

@ApiSchema({ name: 'WebhookDeliveryAccepted' })
export class DeliveryAcceptedDto {
  @ApiProperty({ description: 'The delivery, as its deliveries list it (and its `webhook-id` header)', example: EXAMPLE_DELIVERY_ID })
  readonly deliveryId!: string;
}
