import { withoutADatabase } from '@/database/without-a-database';
import type { DeliveryStatus } from '@/webhooks/delivery-status';

const unavailable = withoutADatabase('webhooks are kept in the database');

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  secret: string;
  createdAt: Date;
}

export type WebhookFields = Pick<Webhook, 'url' | 'events' | 'description' | 'enabled'>;

export interface Delivery {
  id: string;
  webhookId: string;
  event: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
}

export type NewDelivery = Pick<Delivery, 'id' | 'webhookId' | 'event' | 'body'>;

/** What one attempt came to: its status and error (kept short), and when the next one is due (none: this was the last). */
export interface AttemptOutcome {
  status: DeliveryStatus;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
}

/** Receivers, their deliveries, and how far each event source has been sent. */
export abstract class WebhooksRepository {
  abstract list(): Promise<Webhook[]>;
  abstract find(id: string): Promise<Webhook | undefined>;
  abstract add(fields: WebhookFields & { secret: string }): Promise<Webhook>;
  abstract update(id: string, changes: Partial<WebhookFields & { secret: string }>): Promise<Webhook | undefined>;
  abstract remove(id: string): Promise<boolean>;
  /** The enabled receivers subscribed to the event. */
  abstract subscribers(event: string): Promise<Webhook[]>;
  abstract addDeliveries(deliveries: NewDelivery[]): Promise<void>;
  abstract delivery(id: string): Promise<Delivery | undefined>;
  /** A delivery still pending, with the receiver it goes to (none once either is gone or it has finished). */
  abstract pendingDelivery(id: string): Promise<{ delivery: Delivery; receiver: Webhook } | undefined>;
  /** Newest first. */
  abstract deliveries(webhookId: string, limit: number): Promise<Delivery[]>;
  /** Counts the attempt and records how it ended. */
  abstract recordAttempt(id: string, outcome: AttemptOutcome): Promise<void>;
  /** A delivery sent again on request: pending, its next attempt due now. */
  abstract reopen(id: string): Promise<void>;
  /** Forgets finished deliveries made before `date`; how many. */
  abstract forgetFinishedBefore(date: Date): Promise<number>;
  /**
   * Moves a source's cursor, once across instances: `advance` gets where it stands and answers where
   * it stands now; both run in one transaction that holds the cursor's row.
   */
  abstract advance(source: string, advance: (position: number) => Promise<number>): Promise<void>;
}

/** Without a database no receiver is kept: none is subscribed, and managing them is 503. */
export class NoWebhooks extends WebhooksRepository {
  subscribers(): Promise<Webhook[]> {
    return Promise.resolve([]);
  }

  list = unavailable;
  find = unavailable;
  add = unavailable;
  update = unavailable;
  remove = unavailable;
  addDeliveries = unavailable;
  delivery = unavailable;
  pendingDelivery = unavailable;
  deliveries = unavailable;
  recordAttempt = unavailable;
  reopen = unavailable;
  forgetFinishedBefore = unavailable;
  advance = unavailable;
}
