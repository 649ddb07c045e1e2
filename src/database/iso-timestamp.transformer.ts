import type { ValueTransformer } from 'typeorm';

/** A `timestamptz` column read and written as an ISO 8601 string, as the API and content documents carry it. */
export const ISO_TIMESTAMP: ValueTransformer = {
  from: (value: Date | null) => value?.toISOString() ?? null,
  to: (value: string | null | undefined) => value,
};
