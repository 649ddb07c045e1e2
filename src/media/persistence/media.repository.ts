import type { ImageVariant } from '@/media/encode-job';
import type { ProcessedImage } from '@/media/image-processor';

export interface MediaVariantInfo {
  /** `<width>.<format>` (`640.avif`); the fallback's at the full width is the stripped original. */
  name: string;
  width: number;
  height: number;
  type: string;
  bytes: number;
}

export interface MediaItem {
  id: string;
  width: number;
  height: number;
  fallback: 'jpg' | 'png';
  bytes: number;
  placeholder: string;
  alt: Record<string, string>;
  focalPoint: { x: number; y: number } | null;
  createdAt: Date;
  variants: MediaVariantInfo[];
}

export interface VariantPieces {
  bytes: number;
  pieces: AsyncIterable<Buffer> | Iterable<Buffer>;
}

export type MediaChanges = Partial<Pick<MediaItem, 'alt' | 'focalPoint'>>;

/** Where the owner's pictures are kept. Without a database only the shipped ones are, and every write answers 503. */
export abstract class MediaRepository {
  /** False without a database: an upload is refused (503) before it is processed. */
  abstract readonly acceptsWrites: boolean;
  abstract find(id: string): Promise<MediaItem | undefined>;
  abstract findMany(ids: readonly string[]): Promise<MediaItem[]>;
  /** Newest first; `before`: only those added before that item. */
  abstract list(limit: number, before?: string): Promise<MediaItem[]>;
  /** The picture kept (not deleted) from these bytes (`id`) uploaded as this Content-Type, if any. */
  abstract findUpload(id: string, type: string): Promise<MediaItem | undefined>;
  /** Keeps a processed picture; answers whether it was new (the same bytes again find the item kept). */
  abstract add(image: ProcessedImage): Promise<{ item: MediaItem; created: boolean }>;
  /** Adds variants to a kept picture (and announces it, as any change of one); those it has already stay as they are. */
  abstract addVariants(id: string, variants: readonly ImageVariant[]): Promise<void>;
  /** The kept pictures wider than one of `widths` that have no fallback at it: processed before those sizes were made. */
  abstract withoutFallbackAt(widths: readonly number[]): Promise<string[]>;
  /** One variant's media type and bytes, if the item has it: one read. */
  abstract variant(id: string, name: string): Promise<{ type: string; body: Buffer } | undefined>;
  /** One variant's bytes a piece at a time, and how many: what reads every picture (a backup) holds only a piece of one. */
  abstract variantPieces(id: string, name: string): Promise<VariantPieces | undefined>;
  /** Changes what an owner describes of an item, from what it is now, atomically. */
  abstract update(id: string, change: (current: Required<MediaChanges>) => MediaChanges): Promise<MediaItem | undefined>;
  /**
   * Deleted by the owner: no longer listed or served, and gone, bytes and all, unless a kept
   * revision names it. All of it or nothing: a failure (the blob store down) leaves it as it was,
   * to be deleted again. False when there is no such (shown) item.
   */
  abstract remove(id: string): Promise<boolean>;
  /**
   * Deletes, bytes and all, the hidden pictures that no kept revision of the content history names
   * any more; answers their ids. A row goes only with its bytes.
   */
  abstract purgeForgotten(): Promise<string[]>;
}
