import { Injectable } from '@nestjs/common';
import { type ContentDomain, DEFAULT_LANGUAGE, type Language } from '@/content';
import type { ImageSetDto } from './dto/image-set.dto';
import { MEDIA_ID } from './dto/media-params.dto';
import { mediaUrl } from '@/content/media-url';
import { type MediaItem, MediaRepository } from './persistence/media.repository';
import { PREVIEW_WIDTH } from './image-processor';
import { shownWidths, widestUpTo } from './shown-widths';

/**
 * The content domains whose reads carry image sets: a change of a picture (added, described,
 * deleted) changes their answers, on every instance (the database announces them: the arguments
 * of migration MediaChangesAnnounced's trigger).
 */
export const DOMAINS_WITH_IMAGE_SETS: readonly ContentDomain[] = ['profile', 'projects'];

/** The picture a content URL names, if it names one: `/api/media/{id}`. */
export const mediaIdIn = (url: string): string | undefined => {
  const id = url.startsWith('/api/media/') ? url.slice('/api/media/'.length) : undefined;
  return id !== undefined && MEDIA_ID.test(id) ? id : undefined;
};

/** What content reads carry beside an image URL that names an uploaded picture. */
@Injectable()
export class ImageSets {
  constructor(private readonly media: MediaRepository) {}

  /** The image set of each URL that names a picture, in `language`: one read, however many URLs. */
  async of(urls: readonly string[], language: Language): Promise<Map<string, ImageSetDto>> {
    return new Map((await this.itemsNamedIn(urls)).map((item) => [mediaUrl(item.id), imageSetOf(item, language)]));
  }

  /** Each URL that names a picture, as link previews, feeds and structured data link it: its fallback at PREVIEW_WIDTH, or narrower. */
  async previews(urls: readonly string[]): Promise<Map<string, string>> {
    const fallbackAt = (item: MediaItem) => fallbackUrl(item, widestUpTo(shownWidths(item.variants, item.fallback), PREVIEW_WIDTH));
    return new Map((await this.itemsNamedIn(urls)).map((item) => [mediaUrl(item.id), fallbackAt(item)]));
  }

  private async itemsNamedIn(urls: readonly string[]): Promise<MediaItem[]> {
    const ids = [...new Set(urls.map(mediaIdIn).filter((id) => id !== undefined))];
    return ids.length === 0 ? [] : await this.media.findMany(ids);
  }
}

const fallbackUrl = (item: MediaItem, width: number): string => `${mediaUrl(item.id)}/${width}.${item.fallback}`;

function imageSetOf(item: MediaItem, language: Language): ImageSetDto {
  const srcsetOf = (format: string) =>
    item.variants
      .filter((variant) => variant.name.endsWith(`.${format}`))
      .map((variant) => `${mediaUrl(item.id)}/${variant.name} ${variant.width}w`)
      .join(', ');
  return {
    width: item.width,
    height: item.height,
    placeholder: item.placeholder,
    alt: item.alt[language] ?? item.alt[DEFAULT_LANGUAGE] ?? '',
    focalPoint: item.focalPoint,
    sources: [
      { type: 'image/avif', srcset: srcsetOf('avif') },
      { type: 'image/webp', srcset: srcsetOf('webp') },
    ],
    fallback: fallbackUrl(item, shownWidths(item.variants, item.fallback).at(-1)!),
  };
}
