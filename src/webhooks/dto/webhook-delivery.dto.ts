import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@/webhooks/delivery-status';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@/webhooks/webhook-events';
import { EXAMPLE_DELIVERY_ID } from '@/webhooks/webhooks.examples';

/** One event for one receiver, and how its attempts went. */
@ApiSchema({ name: 'WebhookDelivery' })
export class WebhookDeliveryDto {
  @ApiProperty({
    description: 'Its `webhook-id`: the same on every attempt, for the receiver to skip one it has seen',
    example: EXAMPLE_DELIVERY_ID,
  })
  readonly id!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'content.published' })
  readonly event!: WebhookEvent;

  @ApiProperty({
    enum: DELIVERY_STATUSES,
    description: 'pending: attempts remain; delivered: a 2xx came; failed: the last attempt failed',
    example: 'delivered',
  })
  readonly status!: DeliveryStatus;

  @ApiProperty({ type: 'integer', example: 1 })
  readonly attempts!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The HTTP status of the last attempt; null when none came', example: 200 })
  readonly lastStatus!: number | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why the last attempt failed: the error, or the first 1 KB of the answer',
    example: null,
  })
  readonly lastError!: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-28T21:00:00.000Z' })
  readonly createdAt!: Date;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-28T21:00:00.412Z' })
  readonly deliveredAt!: Date | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the next attempt is due, while pending',
    example: null,
  })
  readonly nextAttemptAt!: Date | null;
}
