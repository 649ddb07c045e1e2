import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { sharedCacheConfig } from '@/config/shared-cache.config';
import { type ContentDomain, DOMAIN_DECLARATIONS } from '@/content';

/** Every cache asks again with the ETag: no cache the service cannot purge may hide a change. */
export const REVALIDATED = 'public, no-cache';

/** Past this many characters an answer's tags name its domains only (a purge is by domain anyway); Varnish takes 8 KiB a header. */
const MAX_TAGS_LENGTH = 4096;

/** What an answer tells shared caches: how long they may keep it, and the tags a purge names it by. */
export interface SharedCacheHeaders {
  cacheControl: string;
  /** The domains and each item the answer holds (`projects`, `projects:tidewatch`). */
  tags: readonly string[];
}

/**
 * What public reads tell a CDN or Varnish in front of the service. While a purge is configured
 * (CDN_PURGE), shared caches keep an answer for SHARED_CACHE_MAX_AGE and are purged on every
 * change; browsers still revalidate with the ETag. Without one, every cache revalidates.
 */
@Injectable()
export class SharedCaching {
  readonly cacheControl: string;

  constructor(
    @Inject(sharedCacheConfig.KEY) { purge, maxAgeSeconds }: Pick<ConfigType<typeof sharedCacheConfig>, 'purge' | 'maxAgeSeconds'>,
  ) {
    this.cacheControl = purge
      ? `public, max-age=0, s-maxage=${maxAgeSeconds}, stale-while-revalidate=60, stale-if-error=86400`
      : REVALIDATED;
  }

  /** The headers of an answer prepared from these domains: its tags name each item of the first domain it holds. */
  headersOf(domains: readonly ContentDomain[], value: unknown): SharedCacheHeaders {
    const items = itemTags(domains[0], value);
    const tags = [...domains, ...items];
    return { cacheControl: this.cacheControl, tags: tags.join(' ').length > MAX_TAGS_LENGTH ? domains : tags };
  }
}

/** `<domain>:<key>` for each item of the domain in a read's value: a list's items, or the one item read. */
function itemTags(domain: ContentDomain, value: unknown): string[] {
  const { id } = DOMAIN_DECLARATIONS[domain] as { id?: string };
  if (id === undefined || typeof value !== 'object' || value === null) return [];
  const keyOf = (item: unknown) => (item as Record<string, unknown> | null)?.[id];
  const keys = (Array.isArray(value) ? value.map(keyOf) : [keyOf(value)]).filter((key): key is string => typeof key === 'string');
  return keys.map((key) => `${domain}:${encodeURIComponent(key)}`);
}
