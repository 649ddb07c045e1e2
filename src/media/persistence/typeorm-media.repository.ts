import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, LessThan, type Repository } from 'typeorm';
import type { PostgresAdapter } from '@/database/storage-for';
import { MediaItemEntity } from '@/media/entities/media-item.entity';
import { MediaVariantEntity } from '@/media/entities/media-variant.entity';
import { MEDIA_TYPES, type ProcessedImage } from '@/media/image-processor';
import { DOMAINS_WITH_IMAGE_SETS } from '@/media/image-sets';
import { CONTENT_CHANNEL } from '@/read-model/content-changes.listener';
import { type MediaChanges, type MediaItem, MediaRepository } from './media.repository';

const BY_NAME = { variants: { width: 'ASC', name: 'ASC' } } as const;

/** The `media_items` table, each row with its `media_variants` (their bytes read one at a time, when served). */
class TypeOrmMediaRepository extends MediaRepository {
  readonly acceptsWrites = true;

  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {
    super();
  }

  private get items(): Repository<MediaItemEntity> {
    return this.txHost.tx.getRepository(MediaItemEntity);
  }

  private get variants(): Repository<MediaVariantEntity> {
    return this.txHost.tx.getRepository(MediaVariantEntity);
  }

  async find(id: string): Promise<MediaItem | undefined> {
    return (await this.items.findOne({ where: { id }, relations: { variants: true }, order: BY_NAME })) ?? undefined;
  }

  findMany(ids: readonly string[]): Promise<MediaItem[]> {
    return this.items.find({ where: { id: In([...ids]) }, relations: { variants: true }, order: { id: 'ASC', ...BY_NAME } });
  }

  async list(limit: number, before?: string): Promise<MediaItem[]> {
    const after = before === undefined ? undefined : await this.items.findOneBy({ id: before });
    if (before !== undefined && !after) return [];
    return this.items.find({
      where: after ? { createdAt: LessThan(after.createdAt) } : {},
      relations: { variants: true },
      order: { createdAt: 'DESC', id: 'ASC', ...BY_NAME },
      take: limit,
    });
  }

  add(image: ProcessedImage): Promise<{ item: MediaItem; created: boolean }> {
    return this.txHost.withTransaction(async () => {
      const kept = await this.find(image.id);
      if (kept) return { item: kept, created: false };
      const { id, width, height, fallback, placeholder } = image;
      const original = image.variants.find((variant) => variant.format === fallback)!;
      await this.items.insert({ id, width, height, fallback, placeholder, bytes: original.body.length });
      await this.variants.insert(
        image.variants.map((variant) => ({
          mediaId: id,
          name: `${variant.width}.${variant.format}`,
          width: variant.width,
          height: variant.height,
          type: MEDIA_TYPES[variant.format],
          bytes: variant.body.length,
          body: variant.body,
        })),
      );
      await this.announce();
      return { item: (await this.find(id))!, created: true };
    });
  }

  async variant(id: string, name: string): Promise<{ type: string; body: Buffer } | undefined> {
    return (
      (await this.variants.findOne({ where: { mediaId: id, name }, select: { mediaId: true, name: true, type: true, body: true } })) ??
      undefined
    );
  }

  update(id: string, change: (current: Required<MediaChanges>) => MediaChanges): Promise<MediaItem | undefined> {
    return this.txHost.withTransaction(async () => {
      const current = await this.items.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) return undefined;
      await this.items.update({ id }, change(current));
      await this.announce();
      return this.find(id);
    });
  }

  remove(id: string): Promise<boolean> {
    return this.txHost.withTransaction(async () => {
      const removed = ((await this.items.delete({ id })).affected ?? 0) > 0;
      if (removed) await this.announce();
      return removed;
    });
  }

  /** Every instance drops the answers that carry image sets, at commit: a picture's change is theirs too. */
  private async announce(): Promise<void> {
    for (const domain of DOMAINS_WITH_IMAGE_SETS) await this.txHost.tx.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, domain]);
  }
}

export const typeOrmMedia: PostgresAdapter<MediaRepository> = (txHost) => new TypeOrmMediaRepository(txHost);
