import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { badgesConfig } from '@/config/badges.config';
import { ProviderHttp } from '@/certifications/sync/provider-http';
import { type BadgeProvider, isoDateOrNull, type ProviderResult, type SyncedBadge, textOr } from '@/certifications/sync/synced-badge';

interface Transcript {
  userName?: unknown;
  certificationData?: {
    activeCertifications?: { name?: unknown; certificationNumber?: unknown; dateEarned?: unknown; expiration?: unknown }[];
  };
}

/** The active certifications of a shared Microsoft Learn transcript. */
@Injectable()
export class MicrosoftLearnProvider implements BadgeProvider {
  readonly source = 'microsoft_learn';

  constructor(
    @Inject(badgesConfig.KEY) private readonly config: ConfigType<typeof badgesConfig>,
    private readonly http: ProviderHttp,
  ) {}

  get configured(): boolean {
    return this.config.microsoftLearn.shareId !== undefined;
  }

  async fetch(): Promise<ProviderResult> {
    const { baseUrl, shareId = '' } = this.config.microsoftLearn;
    const share = encodeURIComponent(shareId);
    const transcript = (await this.http.json(`${baseUrl}/api/profiles/transcript/share/${share}?locale=en-us`)) as Transcript;
    const userName = textOr(transcript.userName);
    // The public transcript page; without a user name only the API address is known.
    const link = userName
      ? `https://learn.microsoft.com/en-us/users/${encodeURIComponent(userName)}/transcript/${share}`
      : `https://learn.microsoft.com/api/profiles/transcript/share/${share}`;
    const badges = (transcript.certificationData?.activeCertifications ?? []).flatMap((certification): SyncedBadge[] => {
      const number = textOr(certification.certificationNumber);
      const title = textOr(certification.name);
      if (!number || !title) return [];
      return [
        {
          externalId: number,
          title,
          description: `Microsoft certification, credential ${number}.`,
          link,
          linkText: 'Verify on Microsoft Learn',
          iconType: 'microsoft',
          badgeImageUrl: null,
          issuedAt: isoDateOrNull(certification.dateEarned),
          expiresAt: isoDateOrNull(certification.expiration),
        },
      ];
    });
    return { badges, errors: [] };
  }
}
