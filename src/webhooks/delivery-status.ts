/** pending: attempts remain; delivered: a 2xx came; failed: the last attempt failed. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
