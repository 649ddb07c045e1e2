/** Where synced certifications come from: the `source` column. */
export type BadgeSource = 'credly' | 'microsoft_learn' | 'openbadges';

/** One certification as a provider reports it, ready to upsert on (source, externalId). */
export interface SyncedBadge {
  externalId: string;
  title: string;
  description: string;
  link: string;
  linkText: string;
  iconType: string;
  badgeImageUrl: string | null;
  /** ISO 8601, or null. */
  issuedAt: string | null;
  expiresAt: string | null;
}

/** A provider could not be read, or one of its entries; the detail is safe to return. */
export class ProviderError extends Error {}

export interface ProviderResult {
  badges: SyncedBadge[];
  /** Entries that failed on their own while the rest still synced (Open Badges assertions). */
  errors: string[];
}

export interface BadgeProvider {
  readonly source: BadgeSource;
  /** Not configured: skipped, counted 0, not an error. */
  readonly configured: boolean;
  /** Rejects with ProviderError when the provider as a whole cannot be read. */
  fetch(): Promise<ProviderResult>;
}

/** A date-time from a provider in ISO 8601, or null when absent or unreadable. */
export function isoDateOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const textOr = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
