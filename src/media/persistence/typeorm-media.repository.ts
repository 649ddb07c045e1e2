import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, IsNull, LessThan, type Repository } from 'typeorm';
import type { PostgresAdapter } from '@/database/storage-for';
import { MediaItemEntity } from '@/media/entities/media-item.entity';
import { MediaVariantEntity } from '@/media/entities/media-variant.entity';
import { type ImageVariant, MEDIA_TYPES } from '@/media/encode-job';
import type { ProcessedImage } from '@/media/image-processor';
import { blobName, type MediaBlobs } from './media-blobs';
import { type MediaChanges, type MediaItem, MediaRepository, type VariantPieces } from './media.repository';
import type { ShippedMedia } from './shipped-media';

const BY_NAME = { variants: { width: 'ASC', name: 'ASC' } } as const;

/** How much of a variant's body one read takes, where the body is kept in its row. */
const PIECE_BYTES = 1024 * 1024;
/**
 * Each read answers its piece in rows of this many bytes. The driver gathers one row in a buffer
 * it doubles as the row arrives, anew for each row: a row of 1 MB (2 MB of hex) cost 7 MB of
 * buffers, a row of 32 KB fits the socket's first read or two.
 */
const ROW_BYTES = 32 * 1024;

/**
 * The `media_items` table, each row with its `media_variants` (their bytes read one at a time, when
 * served), in the rows or, given `blobs`, as blobs written before the rows. What is not here may be
 * one of the shipped pictures.
 */
class TypeOrmMediaRepository extends MediaRepository {
  readonly acceptsWrites = true;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly blobs: MediaBlobs | null,
    private readonly shipped: ShippedMedia,
  ) {
    super();
  }

  private get items(): Repository<MediaItemEntity> {
    return this.txHost.tx.getRepository(MediaItemEntity);
  }

  private get variants(): Repository<MediaVariantEntity> {
    return this.txHost.tx.getRepository(MediaVariantEntity);
  }

  async find(id: string): Promise<MediaItem | undefined> {
    return (await this.items.findOne({ where: { id }, relations: { variants: true }, order: BY_NAME })) ?? this.shipped.find(id);
  }

  async findUpload(id: string, type: string): Promise<MediaItem | undefined> {
    return (await this.items.findOne({ where: { id, uploadedAs: type }, relations: { variants: true }, order: BY_NAME })) ?? undefined;
  }

  async findMany(ids: readonly string[]): Promise<MediaItem[]> {
    const stored = await this.items.find({ where: { id: In([...ids]) }, relations: { variants: true }, order: { id: 'ASC', ...BY_NAME } });
    const found = new Set(stored.map((item) => item.id));
    return [...stored, ...(await this.shipped.findMany(ids.filter((id) => !found.has(id))))];
  }

  /** The page's ids first: a page taken over the joined variants would count variants, not items. */
  async list(limit: number, before?: string): Promise<MediaItem[]> {
    const after = before === undefined ? undefined : await this.items.findOneBy({ id: before });
    if (before !== undefined && !after) return [];
    const page = await this.items.find({
      select: { id: true },
      where: after ? { createdAt: LessThan(after.createdAt) } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
    const items = new Map(
      (await this.items.find({ where: { id: In(page.map((item) => item.id)) }, relations: { variants: true }, order: BY_NAME })).map(
        (item) => [item.id, item],
      ),
    );
    return page.map((item) => items.get(item.id)!);
  }

  async add(image: ProcessedImage): Promise<{ item: MediaItem; created: boolean }> {
    const { id, uploadedAs, width, height, fallback, placeholder } = image;
    const names = image.variants.map((variant) => `${variant.width}.${variant.format}`);
    if (this.blobs && !(await this.items.existsBy({ id }))) {
      for (const [i, variant] of image.variants.entries())
        await this.blobs.write(blobName(id, names[i]), MEDIA_TYPES[variant.format], variant.body);
    }
    return this.txHost.withTransaction(async () => {
      const kept = await this.items.findOne({ where: { id }, withDeleted: true, lock: { mode: 'pessimistic_write' } });
      // Kept before its type was recorded: recorded now, so that these bytes are not decoded a third time.
      if (kept?.uploadedAs === null) await this.items.update({ id }, { uploadedAs });
      if (kept?.deletedAt === null) return { item: (await this.find(id))!, created: false };
      if (kept) {
        // Uploaded again after a delete, before its bytes went: the same picture, back.
        await this.items.restore({ id });
        return { item: (await this.find(id))!, created: true };
      }
      const original = image.variants.find((variant) => variant.format === fallback)!;
      await this.items.insert({ id, uploadedAs, width, height, fallback, placeholder, bytes: original.body.length });
      await this.variants.insert(
        image.variants.map((variant, i) => ({
          mediaId: id,
          name: names[i],
          width: variant.width,
          height: variant.height,
          type: MEDIA_TYPES[variant.format],
          bytes: variant.body.length,
          body: this.blobs ? null : variant.body,
        })),
      );
      return { item: (await this.find(id))!, created: true };
    });
  }

  async addVariants(id: string, variants: readonly ImageVariant[]): Promise<void> {
    const rows = variants.map(({ width, height, format, body }) => ({
      name: `${width}.${format}`,
      width,
      height,
      type: MEDIA_TYPES[format],
      body,
    }));
    if (this.blobs) for (const { name, type, body } of rows) await this.blobs.write(blobName(id, name), type, body);
    await this.txHost.withTransaction(async () => {
      const values = rows.map(({ body, ...row }) => ({ ...row, mediaId: id, bytes: body.length, body: this.blobs ? null : body }));
      await this.variants.createQueryBuilder().insert().values(values).orIgnore().execute();
      // Its trigger announces the picture changed: the image sets that name it are made again.
      await this.txHost.tx.query('UPDATE "media_items" SET "fallback" = "fallback" WHERE "id" = $1', [id]);
    });
  }

  async withoutFallbackAt(widths: readonly number[]): Promise<string[]> {
    const rows = await this.txHost.tx.query<{ id: string }[]>(
      `SELECT DISTINCT item."id" FROM "media_items" item CROSS JOIN unnest($1::int[]) AS wanted(width)
       WHERE item."deleted_at" IS NULL AND wanted.width < item."width"
         AND NOT EXISTS (SELECT 1 FROM "media_variants" variant
                         WHERE variant."media_id" = item."id" AND variant."name" = wanted.width || '.' || item."fallback")
       ORDER BY item."id"`,
      [widths],
    );
    return rows.map((row) => row.id);
  }

  async variant(id: string, name: string): Promise<{ type: string; body: Buffer } | undefined> {
    const stored = await this.variants
      .createQueryBuilder('variant')
      .innerJoin('variant.item', 'item', 'item.deletedAt IS NULL')
      .select(['variant.type', 'variant.body'])
      .where('variant.mediaId = :id AND variant.name = :name', { id, name })
      .getOne();
    if (!stored) return this.shipped.variant(id, name);
    const body = stored.body ?? (await this.blobs?.read(blobName(id, name)));
    return body && { type: stored.type, body };
  }

  async variantPieces(id: string, name: string): Promise<VariantPieces | undefined> {
    const stored = await this.variants
      .createQueryBuilder('variant')
      .innerJoin('variant.item', 'item', 'item.deletedAt IS NULL')
      .select(['variant.bytes'])
      .addSelect('variant.body IS NULL', 'in_blob')
      .where('variant.mediaId = :id AND variant.name = :name', { id, name })
      .getRawAndEntities();
    const [found] = stored.entities;
    if (!found) return this.shipped.variantPieces(id, name);
    const inBlob = (stored.raw[0] as { in_blob: boolean }).in_blob;
    return { bytes: found.bytes, pieces: inBlob ? this.blobs!.readPieces(blobName(id, name)) : this.piecesOf(id, name, found.bytes) };
  }

  /** A body kept in its row, read a slice at a time (PostgreSQL streams no single value). */
  private async *piecesOf(id: string, name: string, bytes: number): AsyncIterable<Buffer> {
    for (let from = 1; from <= bytes; from += PIECE_BYTES) {
      const rows = await this.txHost.tx.query<{ piece: Buffer }[]>(
        `SELECT substring("body" FROM "row" FOR $5) AS "piece"
         FROM "media_variants", generate_series($3::int, $4::int, $5) AS "row"
         WHERE "media_id" = $1 AND "name" = $2 ORDER BY "row"`,
        [id, name, from, Math.min(from + PIECE_BYTES - 1, bytes), ROW_BYTES],
      );
      for (const { piece } of rows) yield piece;
    }
  }

  update(id: string, change: (current: Required<MediaChanges>) => MediaChanges): Promise<MediaItem | undefined> {
    return this.txHost.withTransaction(async () => {
      const current = await this.items.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) return undefined;
      await this.items.update({ id }, change(current));
      return this.find(id);
    });
  }

  remove(id: string): Promise<boolean> {
    return this.txHost.withTransaction(async () => {
      if (((await this.items.softDelete({ id, deletedAt: IsNull() })).affected ?? 0) === 0) return false;
      await this.deleteForgotten([id]);
      return true;
    });
  }

  purgeForgotten(): Promise<string[]> {
    return this.txHost.withTransaction(() => this.deleteForgotten());
  }

  /**
   * One statement: a picture named again meanwhile (a restore, an import, a write; the migration
   * MediaKeptByHistory's trigger shows it again) is no longer hidden, so it stays. A revision keeps
   * each item as exported, so its text holds the URL exactly as content names it. The rows go in
   * the caller's transaction, which a failure to delete their blobs undoes.
   */
  private async deleteForgotten(ids?: readonly string[]): Promise<string[]> {
    const deleted = await this.items
      .createQueryBuilder()
      .delete()
      .where('deleted_at IS NOT NULL AND (CAST(:ids AS text[]) IS NULL OR id = ANY(:ids))', { ids: ids ?? null })
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM content_snapshot_items s WHERE strpos(s.body::text, '"/api/media/' || media_items.id || '"') > 0)`,
      )
      .returning('id')
      .execute();
    const purged = (deleted.raw as { id: string }[]).map((row) => row.id);
    if (this.blobs && purged.length > 0) await this.blobs.removeAll(purged);
    return purged;
  }
}

export const typeOrmMedia: PostgresAdapter<MediaRepository, [MediaBlobs | null, ShippedMedia]> = (txHost, blobs, shipped) =>
  new TypeOrmMediaRepository(txHost, blobs, shipped);
