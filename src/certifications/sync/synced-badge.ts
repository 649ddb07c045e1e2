import { isHttpUrl } from '@/common/validation/validation.decorators';

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

/**
 * A provider could not be read, or one of its entries. The message names only the kind of
 * failure and is returned to anyone (the sync answers without a credential); the URL that
 * failed is for the log.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly url?: string,
  ) {
    super(message);
  }
}

export interface ProviderResult {
  badges: SyncedBadge[];
  /** Entries that failed on their own while the rest still synced (Open Badges assertions). */
  errors: ProviderError[];
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

/**
 * What a provider sends is untrusted: a link or image is kept only as an absolute https URL, so
 * a `javascript:` or `data:` URL never reaches the page that shows it, and only in RFC 3986's
 * characters, as the description declares it.
 */
export function httpsUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' && isHttpUrl(url.href) ? url.href : null;
}
