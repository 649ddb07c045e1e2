import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { badgesConfig } from '@/config/badges.config';
import { ProviderHttp } from '@/certifications/sync/provider-http';
import {
  type BadgeProvider,
  httpsUrlOrNull,
  isoDateOrNull,
  ProviderError,
  type ProviderResult,
  type SyncedBadge,
  textOr,
} from '@/certifications/sync/synced-badge';

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

/**
 * Hosted Open Badges 2.0 assertions; each URL stands alone, so one failing does not stop the
 * rest. An assertion's document is untrusted: a BadgeClass or issuer it links is fetched only
 * from the assertion's own origin (and without following redirects), and its links and images
 * are kept only as https URLs.
 */
@Injectable()
export class OpenBadgesProvider implements BadgeProvider {
  readonly source = 'openbadges';

  constructor(
    @Inject(badgesConfig.KEY) private readonly config: ConfigType<typeof badgesConfig>,
    private readonly http: ProviderHttp,
  ) {}

  get configured(): boolean {
    return this.config.openBadges.assertionUrls.length > 0;
  }

  async fetch(): Promise<ProviderResult> {
    const results = await Promise.allSettled(this.config.openBadges.assertionUrls.map((url) => this.assertion(url)));
    return {
      badges: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
      // Named by position in OPEN_BADGES_ASSERTION_URLS: the detail never shows a configured URL.
      errors: results.flatMap((result, i) =>
        result.status === 'rejected' ? [failureOf(result.reason, i, this.config.openBadges.assertionUrls[i])] : [],
      ),
    };
  }

  private async assertion(url: string): Promise<SyncedBadge> {
    const assertion = (await this.http.json(url)) as Assertion;
    const linked = (link: string, what: string) => this.linkedDocument(link, url, what);
    const badgeClass = await badgeClassOf(assertion.badge, linked);
    const title = textOr(badgeClass.name);
    if (!title) throw new ProviderError('names no badge', url);
    const issuer = await issuerNameOf(badgeClass.issuer, linked);
    const description = textOr(badgeClass.description);
    return {
      externalId: textOr(assertion.id, url),
      title,
      description: issuer ? `${description}${description ? ' ' : ''}Issued by ${issuer}.` : description,
      link: httpsUrlOrNull(assertion.id) ?? '',
      linkText: 'Verify the badge',
      iconType: 'badge',
      badgeImageUrl: imageOf(assertion.image) ?? imageOf(badgeClass.image),
      issuedAt: isoDateOrNull(assertion.issuedOn),
      expiresAt: isoDateOrNull(assertion.expires),
    };
  }

  /** A document the assertion links, fetched only when it lives at the assertion's own origin. */
  private linkedDocument(link: string, assertionUrl: string, what: string): Promise<unknown> {
    const url = URL.canParse(link, assertionUrl) ? new URL(link, assertionUrl) : undefined;
    if (url?.origin !== new URL(assertionUrl).origin)
      return Promise.reject(new ProviderError(`its ${what} is not hosted beside the assertion`, assertionUrl));
    return this.http.json(url.href, { followRedirects: false });
  }
}

/** Reads a document an assertion links (its BadgeClass, its issuer), by what the assertion calls it. */
type LinkedDocument = (link: string, what: string) => Promise<unknown>;

/** `badge` is the BadgeClass itself or the URL it is hosted at. */
async function badgeClassOf(badge: unknown, linked: LinkedDocument): Promise<BadgeClass> {
  if (typeof badge === 'string') return (await linked(badge, 'BadgeClass')) as BadgeClass;
  if (badge && typeof badge === 'object') return badge;
  return {};
}

/** The issuer's name, embedded or from its profile; a profile that cannot be read only costs the name. */
async function issuerNameOf(issuer: unknown, linked: LinkedDocument): Promise<string> {
  const profile = typeof issuer === 'string' ? await linked(issuer, 'issuer').catch(() => undefined) : issuer;
  return profile && typeof profile === 'object' ? textOr((profile as { name?: unknown }).name) : '';
}

/** An image is a URL, or an Image object with an `id`. */
function imageOf(image: unknown): string | null {
  if (image && typeof image === 'object') return imageOf((image as { id?: unknown }).id);
  return httpsUrlOrNull(image);
}

function failureOf(reason: unknown, index: number, url: string): ProviderError {
  const detail = reason instanceof ProviderError ? reason.message : 'could not be read';
  return new ProviderError(`assertion ${index + 1}: ${detail}`, reason instanceof ProviderError ? (reason.url ?? url) : url);
}
