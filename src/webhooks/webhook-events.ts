import type { ContentDomain } from '@/content';
import type { ContentChange } from '@/history/content-diff';

/** What a receiver may subscribe to; `webhook.test` is sent on request, whatever a receiver subscribes to. */
export const WEBHOOK_EVENTS = ['content.published', 'cv.changed', 'contact.received', 'webhook.test'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a receiver subscribes to: every event but the test, which is sent on request. */
export const SUBSCRIBABLE_EVENTS = WEBHOOK_EVENTS.filter((event) => event !== 'webhook.test');

export const DEFAULT_WEBHOOK_EVENTS: WebhookEvent[] = ['content.published'];

export const CV_CHANGE_SOURCES = ['upload', 'publish', 'republish', 'delete', 'restore'] as const;

/** Each event's `data`. */
export interface WebhookEventData {
  'content.published': { domains: ContentDomain[]; changes: ContentChange[]; revision: number };
  'cv.changed': { lang: string; source: (typeof CV_CHANGE_SOURCES)[number] };
  /** Never the sender's address or the message text: a receiver is told a message came, not what it says. */
  'contact.received': { id: string; name: string; company: string | null };
  'webhook.test': { webhookId: string };
}

/** The body of a delivery, as Standard Webhooks shapes it. */
export interface WebhookPayload<E extends WebhookEvent = WebhookEvent> {
  type: E;
  timestamp: string;
  data: WebhookEventData[E];
}
