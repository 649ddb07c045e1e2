import { ConflictException, Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { PerFrozenValue } from '@/common/frozen';
import { mediaConfig } from '@/config/media.config';
import { refuseWrite } from '@/content-store/document-collection';
import { CONTENT_DOMAINS, type ContentDomain, DOMAIN_DECLARATIONS, domainsOf } from '@/content';
import { ContentDomainStores } from '@/content-domain/content-domain-stores';
import { mediaUrl } from '@/content/media-url';
import type { MediaItemDto } from './dto/media-item.dto';
import type { UpdateMediaDto } from './dto/update-media.dto';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import type { KeptPicture } from './kept-picture';
import { MEDIA_TYPES } from './encode-job';
import { FALLBACK_WIDTHS, ImageProcessor, mediaIdOf } from './image-processor';
import { MediaBytes } from './media-bytes';
import { MediaServing, mediaNotFound } from './media-serving.service';
import { UnpublishedMediaUses } from './unpublished-media-uses';
import { type MediaItem, MediaRepository, type VariantPieces } from './persistence/media.repository';

/** A picture's fallback format, from its media type. */
const fallbackOf = (type: string): KeptPicture['fallback'] => (type === MEDIA_TYPES.png ? 'png' : 'jpg');

interface MediaUse {
  domain: string;
  id: string | null;
  /** Named by the draft only: published content does not show it yet. */
  drafted?: true;
}

/** The owner's pictures as the admin keeps them: uploaded once, processed once, described, and deleted while nothing names them. */
@Injectable()
export class MediaLibrary implements OnModuleDestroy {
  private readonly processor: ImageProcessor;
  /** Each content item's JSON, kept for read-only items: what a picture's uses are looked for in. */
  private readonly texts = new PerFrozenValue((item) => JSON.stringify(item));

  constructor(
    private readonly media: MediaRepository,
    private readonly stores: ContentDomainStores,
    private readonly unpublished: UnpublishedMediaUses,
    private readonly serving: MediaServing,
    @Inject(mediaConfig.KEY) { processTimeoutMs }: Pick<ConfigType<typeof mediaConfig>, 'processTimeoutMs'>,
  ) {
    this.processor = new ImageProcessor(processTimeoutMs);
  }

  onModuleDestroy(): void {
    this.processor.close();
  }

  /**
   * The picture processed and kept; the same bytes again answer the item kept (`created` false),
   * found without decoding them again when they come as the type they came as before. Not
   * processed, or no further, once its client has gone (`clientGone`).
   */
  async upload(bytes: Buffer, type: string, clientGone?: AbortSignal): Promise<{ item: MediaItemDto; created: boolean }> {
    if (!this.media.acceptsWrites) await refuseWrite();
    const id = await mediaIdOf(bytes);
    const kept = await this.media.findUpload(id, type);
    if (kept) return { item: await this.withUses(kept), created: false };
    const { item, created } = await this.media.add(await this.processor.process(bytes, type, id, clientGone));
    return { item: await this.withUses(item), created };
  }

  async list(limit: number, before?: string): Promise<MediaItemDto[]> {
    const items = await this.media.list(limit, before);
    const uses = await this.usesOf(items.map((item) => item.id));
    return items.map((item) => toMediaItem(item, uses.get(item.id) ?? []));
  }

  /** `changed`: whether anything was set (an empty PATCH answers the item as it is). */
  async update(id: string, { alt, focalPoint }: UpdateMediaDto): Promise<{ item: MediaItemDto; changed: boolean }> {
    if (alt === undefined && focalPoint === undefined) return { item: await this.withUses(await this.findOrFail(id)), changed: false };
    const updated = await this.media.update(id, (current) => ({
      ...(alt ? { alt: { ...current.alt, ...alt } } : {}),
      ...(focalPoint !== undefined ? { focalPoint } : {}),
    }));
    if (!updated) throw mediaNotFound(id);
    return { item: await this.withUses(updated), changed: true };
  }

  /**
   * Refused (409) while content names it, published or drafted. Otherwise hidden, and its bytes go
   * at once unless a kept revision names it: then a restore of that revision brings it back.
   */
  async remove(id: string): Promise<void> {
    const uses = (await this.usesOf([id])).get(id) ?? [];
    if (uses.length > 0) {
      const named = uses
        .map((use) => `${use.id === null ? use.domain : `${use.domain} ${use.id}`}${use.drafted ? ' (in the draft)' : ''}`)
        .join(', ');
      throw new ConflictException({ detail: `Media ${id} is used by ${named}` });
    }
    if (!(await this.media.remove(id))) throw mediaNotFound(id);
    this.serving.forget(id);
  }

  /**
   * A picture kept from before its fallback had the sizes its uses show (FALLBACK_WIDTHS): its
   * original processed again, in the uploads' turn, and the fallback's new sizes added. Answers
   * whether it had to be.
   */
  async addFallbackSizes(id: string): Promise<boolean> {
    const item = await this.media.find(id);
    if (!item) return false;
    const missing = FALLBACK_WIDTHS.filter(
      (width) => width < item.width && !item.variants.some(({ name }) => name === `${width}.${item.fallback}`),
    );
    if (missing.length === 0) return false;
    const original = (await this.media.variant(id, `${item.width}.${item.fallback}`))!;
    const { variants } = await this.processor.process(original.body, original.type, id);
    await this.media.addVariants(
      id,
      variants.filter(({ format, width }) => format === item.fallback && width < item.width),
    );
    return true;
  }

  /** What a backup keeps of a picture besides its original. */
  kept({ id, width, height, type, placeholder, alt, focalPoint, createdAt }: MediaItemDto): KeptPicture {
    return { id, width, height, fallback: fallbackOf(type), placeholder, alt: alt, focalPoint, createdAt };
  }

  /**
   * A picture from an archive: its original processed again under its own id (every URL that
   * named it names it again), with its placeholder and description as they were; a picture that
   * is not one, or not the one described, is 422 naming `file`. Answers whether it is new here.
   */
  async restore(original: Buffer, picture: KeptPicture, file: string): Promise<boolean> {
    if (!this.media.acceptsWrites) await refuseWrite();
    let created = false;
    if (!(await this.media.find(picture.id))) {
      const processed = await this.processor.process(original, MEDIA_TYPES[picture.fallback], picture.id).catch((error: unknown) => {
        throw error instanceof RequestValidationException
          ? RequestValidationException.single(['body', file], error.issues[0].msg, 'image_invalid')
          : error;
      });
      if (processed.width !== picture.width || processed.height !== picture.height)
        throw RequestValidationException.single(
          ['body', file],
          `Not the ${picture.width}×${picture.height} picture its description names`,
          'image_invalid',
        );
      created = (await this.media.add({ ...processed, placeholder: picture.placeholder })).created;
    }
    await this.media.update(picture.id, () => ({ alt: picture.alt, focalPoint: picture.focalPoint }));
    return created;
  }

  /** The stripped original a piece at a time, past the serving cache: a backup reads every picture once, and holds a piece of one. */
  async keptOriginal({ id, width, type }: MediaItemDto): Promise<VariantPieces> {
    const original = await this.media.variantPieces(id, `${width}.${fallbackOf(type)}`);
    if (!original) throw mediaNotFound(id);
    return original;
  }

  /** Deletes these pictures (an archive's, stored before the archive was refused). */
  async removeAll(ids: Iterable<string>): Promise<void> {
    for (const id of ids) if (await this.media.remove(id)) this.serving.forget(id);
  }

  /** Deletes every picture but these: the content that named them was replaced. */
  async removeAllBut(kept: ReadonlySet<string>): Promise<void> {
    const gone: string[] = [];
    for (let before: string | undefined, page = await this.media.list(100); page.length > 0; page = await this.media.list(100, before)) {
      gone.push(...page.map(({ id }) => id).filter((id) => !kept.has(id)));
      before = page.at(-1)!.id;
    }
    await this.removeAll(gone);
  }

  /** The stripped original: the fallback at the full width, for the admin alone. */
  async original(id: string): Promise<MediaBytes> {
    const item = await this.findOrFail(id);
    const { body, type, etag } = await this.serving.variant(id, `${item.width}.${item.fallback}`);
    return new MediaBytes(body, type, etag, { id, private: true });
  }

  private async findOrFail(id: string): Promise<MediaItem> {
    const item = await this.media.find(id);
    if (!item) throw mediaNotFound(id);
    return item;
  }

  private async withUses(item: MediaItem): Promise<MediaItemDto> {
    return toMediaItem(item, (await this.usesOf([item.id])).get(item.id) ?? []);
  }

  /** The content items that name each picture's URL now, by picture: published, then the draft's that published ones do not. */
  private async usesOf(ids: readonly string[]): Promise<Map<string, MediaUse[]>> {
    const uses = new Map<string, MediaUse[]>();
    if (ids.length === 0) return uses;
    const add = (domain: ContentDomain, part: unknown, drafted: boolean) => {
      const items = Array.isArray(part) ? (part as Record<string, unknown>[]) : part ? [part as Record<string, unknown>] : [];
      const key = DOMAIN_DECLARATIONS[domain].shape === 'list' ? (DOMAIN_DECLARATIONS[domain] as { id: string }).id : undefined;
      for (const item of items) {
        const text = this.texts.of(item);
        for (const id of ids) {
          if (!text.includes(`"${mediaUrl(id)}"`)) continue;
          const use = { domain, id: key ? String(item[key]) : null };
          const known = uses.get(id) ?? [];
          if (drafted && known.some((other) => other.domain === use.domain && other.id === use.id)) continue;
          uses.set(id, [...known, drafted ? { ...use, drafted: true } : use]);
        }
      }
    };
    for (const domain of CONTENT_DOMAINS) add(domain, await this.stores.of(domain).exportPart(), false);
    for (const parts of await this.unpublished.parts()) for (const domain of domainsOf(parts)) add(domain, parts[domain], true);
    return uses;
  }
}

function toMediaItem(item: MediaItem, usedBy: MediaUse[]): MediaItemDto {
  return {
    id: item.id,
    url: mediaUrl(item.id),
    type: MEDIA_TYPES[item.fallback],
    width: item.width,
    height: item.height,
    bytes: item.bytes,
    placeholder: item.placeholder,
    alt: item.alt,
    focalPoint: item.focalPoint,
    variants: item.variants.map(({ width, height, type, name }) => ({ width, height, type, url: `${mediaUrl(item.id)}/${name}` })),
    usedBy: usedBy.map(({ domain, id }) => ({ domain, id })),
    createdAt: item.createdAt.toISOString(),
  };
}
