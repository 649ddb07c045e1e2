import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { mediaConfig } from '@/config/media.config';
import { DatabaseAnnouncements, MEDIA_HIDDEN_CHANNEL } from '@/read-model/database-announcements';
import type { VariantFormat } from './encode-job';
import { FALLBACK_WIDTHS, VARIANT_WIDTHS } from './image-processor';
import { shownWidths } from './shown-widths';
import { MediaBytes, MediaCache } from './media-bytes';
import { MediaRepository } from './persistence/media.repository';

export const mediaNotFound = (id: string) => new NotFoundException({ detail: `Media ${id} not found` });

/** The owner's pictures as visitors read them: every size and format, from memory when hot. */
@Injectable()
export class MediaServing {
  private readonly cache: MediaCache;

  constructor(
    private readonly media: MediaRepository,
    @Inject(mediaConfig.KEY) { cacheMaxBytes }: Pick<ConfigType<typeof mediaConfig>, 'cacheMaxBytes'>,
    announcements: DatabaseAnnouncements,
  ) {
    this.cache = new MediaCache(cacheMaxBytes);
    // A picture deleted on any instance is served from the memory of none.
    announcements.on(MEDIA_HIDDEN_CHANNEL).subscribe((id) => this.cache.forget(id));
    announcements.missed.subscribe(() => this.cache.forget());
  }

  /** A picture this instance deleted leaves its memory at once; every instance's when the database announces it. */
  forget(id: string): void {
    this.cache.forget(id);
  }

  /** One variant (`640.avif`). */
  async variant(id: string, name: string): Promise<MediaBytes> {
    const cached = this.hotVariant(id, name);
    if (cached) return cached;
    const key = `${id}/${name}`;
    const era = this.cache.era;
    const variant = await this.media.variant(id, name);
    if (!variant) throw new NotFoundException({ detail: `Media ${id} has no variant ${name}` });
    const bytes = new MediaBytes(variant.body, variant.type, `"${id}-${name}"`, { id });
    this.cache.keepFrom(era, key, bytes);
    return bytes;
  }

  /** One variant (`640.avif`), if it is in memory now. */
  hotVariant(id: string, name: string): MediaBytes | undefined {
    return this.cache.get(`${id}/${name}`);
  }

  /**
   * The best format `accept` allows (AVIF, then WebP, then the fallback) at the narrowest width of
   * at least `width`; once chosen, kept in the cache like the variant itself, under the band of
   * widths that picks it, so a client naming every width keeps no more copies than there are sizes.
   */
  async negotiated(id: string, accept: string | undefined, width?: number): Promise<MediaBytes> {
    const preferred = accepts(accept, 'image/avif') ? 'avif' : accepts(accept, 'image/webp') ? 'webp' : 'fallback';
    const key = `${id}/${preferred}?w=${widthBandOf(width)}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const era = this.cache.era;
    const item = await this.media.find(id);
    if (!item) throw mediaNotFound(id);
    const format: VariantFormat = preferred === 'fallback' ? item.fallback : preferred;
    const widths = shownWidths(item.variants, format);
    const widest = widths.at(-1)!;
    const chosen = width === undefined ? widest : (widths.find((candidate) => candidate >= width) ?? widest);
    const { body, type, etag } = await this.variant(id, `${chosen}.${format}`);
    const bytes = new MediaBytes(body, type, etag, { id, negotiated: true });
    this.cache.keepFrom(era, key, bytes);
    return bytes;
  }
}

const accepts = (accept: string | undefined, type: string): boolean =>
  accept !== undefined &&
  accept.split(',').some((range) => range.split(';', 1)[0].trim().toLowerCase() === type && !/;\s*q=0(\.0*)?\s*$/.test(range));

/** Every width a picture may have a variant at, but its own: the bands below. */
const BANDS = [...new Set([...VARIANT_WIDTHS, ...FALLBACK_WIDTHS])].sort((a, b) => a - b);

/**
 * The variant widths a picture has are those of BANDS narrower than it, and its own width: every
 * width up to one of BANDS picks the same variant, and so does every width past the widest.
 */
const widthBandOf = (width: number | undefined): string => String(BANDS.find((band) => width !== undefined && band >= width) ?? '');
