import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { refuseWrite } from '@/content-store/document-collection';
import { SOURCE_ROOT } from '@/source-root';
import { type MediaItem, MediaRepository, type VariantPieces } from './media.repository';

/**
 * The demo's pictures, made by the project (`npm run media:build`), processed like an upload: part
 * of the build (copied beside the compiled code), wherever the service is started from.
 */
export const SHIPPED_MEDIA_DIR = join(SOURCE_ROOT, '..', 'assets', 'media', 'shipped');
export const SHIPPED_MANIFEST = 'manifest.json';

type ShippedItem = Omit<MediaItem, 'createdAt'> & { createdAt: string };

/**
 * The pictures the built-in data set names: read-only, the same in every instance and mode. With
 * a database they stand beside the owner's uploads (which they never list); without one they are
 * the only pictures. Their bytes are read from disk once, then served from the media cache.
 */
export class ShippedMedia extends MediaRepository {
  readonly acceptsWrites = false;
  private readonly items: ReadonlyMap<string, MediaItem>;

  constructor(private readonly directory = SHIPPED_MEDIA_DIR) {
    super();
    const manifest = JSON.parse(readFileSync(join(directory, SHIPPED_MANIFEST), 'utf8')) as ShippedItem[];
    this.items = new Map(manifest.map((item) => [item.id, { ...item, createdAt: new Date(item.createdAt) }]));
  }

  find = (id: string) => Promise.resolve(this.items.get(id));
  findMany = (ids: readonly string[]) => Promise.resolve(ids.flatMap((id) => this.items.get(id) ?? []));
  list = () => Promise.resolve([]);

  async variant(id: string, name: string): Promise<{ type: string; body: Buffer } | undefined> {
    const variant = this.items.get(id)?.variants.find((candidate) => candidate.name === name);
    return variant && { type: variant.type, body: await readFile(join(this.directory, id, name)) };
  }

  async variantPieces(id: string, name: string): Promise<VariantPieces | undefined> {
    const variant = await this.variant(id, name);
    return variant && { bytes: variant.body.length, pieces: [variant.body] };
  }

  findUpload = () => Promise.resolve(undefined);
  add = refuseWrite;
  addVariants = refuseWrite;
  withoutFallbackAt = () => Promise.resolve([]);
  update = refuseWrite;
  remove = refuseWrite;
  purgeForgotten = () => Promise.resolve([]);
}
