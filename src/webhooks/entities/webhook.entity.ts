import { Column, Entity } from 'typeorm';
import { TimestampedEntity } from '@/database/timestamped.entity';

/** A receiver of the owner's: where events go, which ones, and the secret they are signed with. */
@Entity('webhooks')
export class WebhookEntity extends TimestampedEntity {
  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: string[];

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** `whsec_` and the base64 of 32 random bytes; shown when it is made, never again. */
  @Column({ type: 'text' })
  secret!: string;
}
