import { Injectable, Logger } from '@nestjs/common';
import { ContentTransactions } from '@/content-store/content-transactions';
import { refuseWrite } from '@/content-store/document-collection';
import { type Certification, CertificationsRepository } from '@/certifications/persistence/certifications.repository';
import type { CertificationSyncSummaryDto } from './certification-sync-summary.dto';
import { CredlyProvider } from './providers/credly.provider';
import { MicrosoftLearnProvider } from './providers/microsoft-learn.provider';
import { OpenBadgesProvider } from './providers/open-badges.provider';
import { type BadgeProvider, type BadgeSource, ProviderError, type SyncedBadge } from './synced-badge';

/** Serialises syncs across instances, so two never insert the same badge or the same sort order. */
const SYNC_LOCK = 'certification-sync';

const SYNCED_FIELDS = ['title', 'description', 'link', 'linkText', 'iconType', 'badgeImageUrl', 'issuedAt', 'expiresAt'] as const;

@Injectable()
export class CertificationSyncService {
  private readonly logger = new Logger(CertificationSyncService.name);
  private readonly providers: BadgeProvider[];

  constructor(
    private readonly certifications: CertificationsRepository,
    private readonly transactions: ContentTransactions,
    credly: CredlyProvider,
    microsoftLearn: MicrosoftLearnProvider,
    openBadges: OpenBadgesProvider,
  ) {
    this.providers = [credly, microsoftLearn, openBadges];
  }

  /**
   * Reads every configured provider and upserts its badges on (source, external_id), one
   * transaction per provider. A provider that cannot be read is reported and skipped.
   */
  async sync(): Promise<CertificationSyncSummaryDto> {
    // Without a database nothing could be kept: answer before calling any provider.
    if (!this.transactions.acceptsWrites) return refuseWrite();
    const summary: CertificationSyncSummaryDto = { credly: 0, microsoft_learn: 0, openbadges: 0, errors: [] };
    const configured = this.providers.filter((provider) => provider.configured);
    const fetched = await Promise.allSettled(configured.map((provider) => provider.fetch()));
    for (const [i, provider] of configured.entries()) {
      const result = fetched[i];
      if (result.status === 'rejected') {
        if (!(result.reason instanceof ProviderError)) throw result.reason;
        this.report(summary, provider.source, result.reason);
        continue;
      }
      summary[provider.source] = await this.upsert(provider.source, result.value.badges);
      for (const error of result.value.errors) this.report(summary, provider.source, error);
    }
    this.logger.log({ event: 'certification_sync', ...summary });
    return summary;
  }

  /** The answer names the kind of failure only; the log, for the owner, also names the URL. */
  private report(summary: CertificationSyncSummaryDto, provider: BadgeSource, error: ProviderError): void {
    summary.errors.push({ provider, detail: error.message });
    this.logger.warn({ event: 'certification_provider_failed', provider, detail: error.message, url: error.url });
  }

  /** How many of the provider's badges are now in step; locked rows are left alone and not counted. */
  private upsert(source: BadgeSource, badges: SyncedBadge[]): Promise<number> {
    return this.transactions.run(
      async () => {
        const existing = new Map(
          (await this.certifications.findAll()).filter((row) => row.source === source).map((row) => [row.externalId, row]),
        );
        let inStep = 0;
        for (const { externalId, ...badge } of new Map(badges.map((b) => [b.externalId, b])).values()) {
          const row = existing.get(externalId);
          if (row && !row.syncEnabled) continue;
          if (!row) await this.certifications.add({ ...badge, externalId, source, syncEnabled: true, translations: {} }, 'last');
          else if (differs(row, badge)) await this.certifications.update(row.id, badge);
          inStep += 1;
        }
        return inStep;
      },
      { lock: SYNC_LOCK, source: 'sync' },
    );
  }
}

const differs = (row: Certification, badge: Omit<SyncedBadge, 'externalId'>): boolean =>
  SYNCED_FIELDS.some((field) => row[field] !== badge[field]);
