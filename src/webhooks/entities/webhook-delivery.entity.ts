import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { DeliveryStatus } from '@/webhooks/delivery-status';
import { WebhookEntity } from './webhook.entity';

/** One event for one receiver, with every attempt's outcome: its id is the `webhook-id` each attempt carries. */
@Entity('webhook_deliveries')
@Index('IDX_webhook_deliveries_webhook_created', ['webhookId', 'createdAt'])
@Check('ck_webhook_deliveries_status', `"status" IN ('pending', 'delivered', 'failed')`)
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'uuid' })
  webhookId!: string;

  @ManyToOne(() => WebhookEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'webhook_id' })
  webhook?: WebhookEntity;

  @Column({ type: 'text' })
  event!: string;

  /** The body every attempt sends, byte for byte the same. */
  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'integer', nullable: true })
  lastStatus!: number | null;

  @Column({ type: 'text', nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;
}
