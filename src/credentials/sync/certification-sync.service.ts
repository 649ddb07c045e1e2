import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { DatabaseStatus } from '@/database/database-status';
import { CertificationEntity } from '../entities/certification.entity';
import type { CertificationSyncSummaryDto } from './certification-sync-summary.dto';
import { CredlyProvider } from './providers/credly.provider';
import { MicrosoftLearnProvider } from './providers/microsoft-learn.provider';
import { OpenBadgesProvider } from './providers/open-badges.provider';
import { type BadgeProvider, type BadgeSource, ProviderError, type SyncedBadge } from './synced-badge';

/** Serialises syncs across instances, so two never insert the same badge or the same sort order. */
const SYNC_LOCK = 'certification-sync';

const SYNCED_FIELDS = ['title', 'description', 'link', 'linkText', 'iconType', 'badgeImageUrl'] as const;

@Injectable()
export class CertificationSyncService {
  private readonly logger = new Logger(CertificationSyncService.name);
  private readonly providers: BadgeProvider[];

  constructor(
    @InjectRepository(CertificationEntity) private readonly certifications: Repository<CertificationEntity>,
    private readonly database: DatabaseStatus,
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
    this.database.assertWritable();
    const summary: CertificationSyncSummaryDto = { credly: 0, microsoft_learn: 0, openbadges: 0, errors: [] };
    const configured = this.providers.filter((provider) => provider.configured);
    const fetched = await Promise.allSettled(configured.map((provider) => provider.fetch()));
    for (const [i, provider] of configured.entries()) {
      const result = fetched[i];
      if (result.status === 'rejected') {
        if (!(result.reason instanceof ProviderError)) throw result.reason;
        summary.errors.push({ provider: provider.source, detail: result.reason.message });
        continue;
      }
      summary[provider.source] = await this.upsert(provider.source, result.value.badges);
      summary.errors.push(...result.value.errors.map((detail) => ({ provider: provider.source, detail })));
    }
    this.logger.log({ event: 'certification_sync', ...summary });
    return summary;
  }

  /** How many of the provider's badges are now in step; locked rows are left alone and not counted. */
  private upsert(source: BadgeSource, badges: SyncedBadge[]): Promise<number> {
    return this.certifications.manager.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SYNC_LOCK]);
      const rows = manager.getRepository(CertificationEntity);
      const existing = new Map((await rows.findBy({ source })).map((row) => [row.externalId, row]));
      let nextSortOrder = ((await rows.maximum('sortOrder')) ?? -1) + 1;
      let inStep = 0;
      for (const badge of new Map(badges.map((b) => [b.externalId, b])).values()) {
        const row = existing.get(badge.externalId);
        if (row && !row.syncEnabled) continue;
        if (!row) await rows.insert({ ...badge, source, syncEnabled: true, sortOrder: nextSortOrder++ });
        else if (differs(row, badge)) await this.update(manager, row, badge);
        inStep += 1;
      }
      return inStep;
    });
  }

  private async update(manager: EntityManager, row: CertificationEntity, badge: SyncedBadge): Promise<void> {
    const { title, description, link, linkText, iconType, badgeImageUrl, issuedAt, expiresAt } = badge;
    await manager
      .getRepository(CertificationEntity)
      .update(row.id, { title, description, link, linkText, iconType, badgeImageUrl, issuedAt, expiresAt });
  }
}

function differs(row: CertificationEntity, badge: SyncedBadge): boolean {
  return (
    SYNCED_FIELDS.some((field) => row[field] !== badge[field]) ||
    row.issuedAt?.getTime() !== badge.issuedAt?.getTime() ||
    row.expiresAt?.getTime() !== badge.expiresAt?.getTime()
  );
}
