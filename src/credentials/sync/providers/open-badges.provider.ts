import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { badgesConfig } from '@/config/badges.config';
import { fetchJson } from '@/credentials/sync/provider-http';
import {
  type BadgeProvider,
  isoDateOrNull,
  ProviderError,
  type ProviderResult,
  type SyncedBadge,
  textOr,
} from '@/credentials/sync/synced-badge';

interface BadgeClass {
  name?: unknown;
  description?: unknown;
  image?: unknown;
  issuer?: unknown;
}

interface Assertion {
  id?: unknown;
  issuedOn?: unknown;
  expires?: unknown;
  image?: unknown;
  badge?: unknown;
}

/** Hosted Open Badges 2.0 assertions; each URL stands alone, so one failing does not stop the rest. */
@Injectable()
export class OpenBadgesProvider implements BadgeProvider {
  readonly source = 'openbadges';

  constructor(@Inject(badgesConfig.KEY) private readonly config: ConfigType<typeof badgesConfig>) {}

  get configured(): boolean {
    return this.config.openBadges.assertionUrls.length > 0;
  }

  async fetch(): Promise<ProviderResult> {
    const results = await Promise.allSettled(this.config.openBadges.assertionUrls.map((url) => this.assertion(url)));
    return {
      badges: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
      errors: results.flatMap((result) => (result.status === 'rejected' ? [reasonOf(result.reason)] : [])),
    };
  }

  private async assertion(url: string): Promise<SyncedBadge> {
    const assertion = (await fetchJson(url)) as Assertion;
    const badgeClass = await badgeClassOf(assertion.badge);
    const title = textOr(badgeClass.name);
    if (!title) throw new ProviderError(`${url} names no badge`);
    const issuer = issuerNameOf(badgeClass.issuer);
    const description = textOr(badgeClass.description);
    return {
      externalId: textOr(assertion.id, url),
      title,
      description: issuer ? `${description}${description ? ' ' : ''}Issued by ${issuer}.` : description,
      link: textOr(assertion.id, url),
      linkText: 'Verify the badge',
      iconType: 'badge',
      badgeImageUrl: imageOf(assertion.image) ?? imageOf(badgeClass.image),
      issuedAt: isoDateOrNull(assertion.issuedOn),
      expiresAt: isoDateOrNull(assertion.expires),
    };
  }
}

/** `badge` is the BadgeClass itself or the URL it is hosted at. */
async function badgeClassOf(badge: unknown): Promise<BadgeClass> {
  if (typeof badge === 'string') return (await fetchJson(badge)) as BadgeClass;
  if (badge && typeof badge === 'object') return badge;
  return {};
}

/** An embedded issuer's name; a linked issuer profile is not fetched (the name is decoration). */
function issuerNameOf(issuer: unknown): string {
  return issuer && typeof issuer === 'object' ? textOr((issuer as { name?: unknown }).name) : '';
}

/** An image is a URL, or an Image object with an `id`. */
function imageOf(image: unknown): string | null {
  if (typeof image === 'string' && /^https?:\/\//.test(image)) return image;
  if (image && typeof image === 'object') return imageOf((image as { id?: unknown }).id);
  return null;
}

const reasonOf = (error: unknown): string => (error instanceof ProviderError ? error.message : 'the assertion could not be read');
