import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { badgesConfig } from '@/config/badges.config';
import { ProviderHttp } from '@/certifications/sync/provider-http';
import {
  type BadgeProvider,
  httpsUrlOrNull,
  isoDateOrNull,
  type ProviderResult,
  type SyncedBadge,
  textOr,
} from '@/certifications/sync/synced-badge';

/** Guards against a feed whose pages point at each other. */
const MAX_PAGES = 50;

interface CredlyBadge {
  id?: unknown;
  image_url?: unknown;
  issued_at?: unknown;
  expires_at?: unknown;
  badge_template?: { name?: unknown; description?: unknown };
  issuer?: { entities?: { entity?: { name?: unknown } }[] };
}

interface CredlyPage {
  data?: CredlyBadge[];
  metadata?: { next_page_url?: unknown };
}

/** Credly's public badge feed, `{base}/users/{username}/badges.json`, page by page. */
@Injectable()
export class CredlyProvider implements BadgeProvider {
  readonly source = 'credly';

  constructor(
    @Inject(badgesConfig.KEY) private readonly config: ConfigType<typeof badgesConfig>,
    private readonly http: ProviderHttp,
  ) {}

  get configured(): boolean {
    return this.config.credly.username !== undefined;
  }

  async fetch(): Promise<ProviderResult> {
    const { baseUrl, username } = this.config.credly;
    const origin = new URL(baseUrl).origin;
    const badges: SyncedBadge[] = [];
    let next: string | undefined = `${baseUrl}/users/${encodeURIComponent(username ?? '')}/badges.json`;
    for (let page = 0; next && page < MAX_PAGES; page += 1) {
      const body = (await this.http.json(next)) as CredlyPage;
      badges.push(...(body.data ?? []).flatMap(toBadge));
      const following = body.metadata?.next_page_url;
      // Only pages of the same feed are followed, never a URL elsewhere.
      next = typeof following === 'string' && new URL(following, origin).origin === origin ? new URL(following, origin).href : undefined;
    }
    return { badges, errors: [] };
  }
}

function toBadge(badge: CredlyBadge): SyncedBadge[] {
  const id = typeof badge.id === 'string' || typeof badge.id === 'number' ? String(badge.id) : '';
  const title = textOr(badge.badge_template?.name);
  if (!id || !title) return [];
  const issuers = (badge.issuer?.entities ?? []).map((entry) => textOr(entry.entity?.name)).filter(Boolean);
  const description = textOr(badge.badge_template?.description);
  return [
    {
      externalId: id,
      title,
      description: issuers.length ? `${description}${description ? ' ' : ''}Issued by ${issuers.join(', ')}.` : description,
      link: `https://www.credly.com/badges/${encodeURIComponent(id)}`,
      linkText: 'Verify on Credly',
      iconType: 'credly',
      badgeImageUrl: httpsUrlOrNull(badge.image_url),
      issuedAt: isoDateOrNull(badge.issued_at),
      expiresAt: isoDateOrNull(badge.expires_at),
    },
  ];
}
