import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { Repository } from 'typeorm';
import type { PostgresAdapter } from '@/database/storage-for';
import { ContentDraftEntity, type PublishFailure } from '@/drafts/entities/content-draft.entity';
import { DraftPreviewKeyEntity } from '@/drafts/entities/draft-preview-key.entity';
import { type DraftStamp, DraftsRepository, type StoredDraft } from './drafts.repository';

const THE_DRAFT = { id: 1 };

/** The content_drafts table: one row while a draft is open. */
class TypeOrmDrafts extends DraftsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get drafts(): Repository<ContentDraftEntity> {
    return this.txHost.tx.getRepository(ContentDraftEntity);
  }

  async find(): Promise<StoredDraft | undefined> {
    return (await this.drafts.findOneBy(THE_DRAFT)) ?? undefined;
  }

  async stamp(): Promise<DraftStamp | undefined> {
    return (await this.drafts.findOne({ select: { id: true, openedAt: true, updatedAt: true }, where: THE_DRAFT })) ?? undefined;
  }

  async lock(): Promise<StoredDraft | undefined> {
    // Serialises with a draft being opened too: a row lock alone cannot lock a row not there yet.
    await this.txHost.tx.query(`SELECT pg_advisory_xact_lock(hashtext('content_drafts'))`);
    return (await this.drafts.findOne({ where: THE_DRAFT, lock: { mode: 'pessimistic_write' } })) ?? undefined;
  }

  /** One upsert: save() would read the stored draft back and compare its documents first, holding the event loop for tens of milliseconds at 100x. */
  async save(draft: Pick<StoredDraft, 'base' | 'document' | 'orders' | 'overridden'>): Promise<void> {
    await this.drafts.upsert({ ...THE_DRAFT, ...draft }, ['id']);
  }

  async schedule(scheduledAt: Date | null): Promise<boolean> {
    return ((await this.drafts.update(THE_DRAFT, { scheduledAt, publishFailure: null })).affected ?? 0) > 0;
  }

  async publishFailed(scheduledAt: Date, publishFailure: PublishFailure): Promise<void> {
    await this.drafts.update({ ...THE_DRAFT, scheduledAt }, { scheduledAt: null, publishFailure });
  }

  async previewKey(candidate: Buffer): Promise<Buffer> {
    const keys = this.txHost.tx.getRepository(DraftPreviewKeyEntity);
    await keys
      .createQueryBuilder()
      .insert()
      .values({ ...THE_DRAFT, key: candidate })
      .orIgnore()
      .execute();
    return (await keys.findOneByOrFail(THE_DRAFT)).key;
  }

  async remove(): Promise<boolean> {
    return ((await this.drafts.delete(THE_DRAFT)).affected ?? 0) > 0;
  }
}

export const typeOrmDrafts: PostgresAdapter<DraftsRepository> = (txHost) => new TypeOrmDrafts(txHost);
