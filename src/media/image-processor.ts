import { createHash } from 'node:crypto';
import { UnsupportedMediaTypeException } from '@nestjs/common';
import pLimit from 'p-limit';
import { RequestValidationException } from '@/common/validation/request-validation.exception';

/** What an upload may be, by Content-Type, and the format sharp must find in its bytes. */
export const UPLOAD_TYPES = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif' } as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

/** The most pixels an upload may have: checked from its header, before anything is decoded. */
export const MAX_PIXELS = 40_000_000;
/** The widths a page asks for; an image gets those not wider than itself, and its own width when that is at most the widest. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/**
 * How many uploads an instance decodes and encodes at once; others wait their turn. One: on two
 * cores, two at once took the public reads' p99 to 2.7x, one keeps it under 2x (BENCHMARKS.md).
 */
const PROCESSED_AT_ONCE = 1;

export type VariantFormat = 'avif' | 'webp' | 'jpg' | 'png';
export const MEDIA_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export interface ImageVariant {
  width: number;
  height: number;
  format: VariantFormat;
  body: Buffer;
}

export interface ProcessedImage {
  /** Derived from the uploaded bytes: the same bytes twice are the same item. */
  id: string;
  width: number;
  height: number;
  /** The fallback format: PNG where the image has transparency, JPEG otherwise. */
  fallback: 'jpg' | 'png';
  variants: ImageVariant[];
  /** A ThumbHash (base64) a page can paint before the image arrives. */
  placeholder: string;
}

/** The id of an upload: a prefix of its bytes' SHA-256. */
export const mediaIdOf = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 24);

const notAnImage = (msg: string) => RequestValidationException.single(['body'], msg, 'image_invalid');

/**
 * Every upload processed once, with sharp: its header read first (the declared type and the pixel
 * count checked before a pixel is decoded), then oriented, stripped of every metadata block,
 * converted to sRGB, and encoded at each width in AVIF and WebP, plus the fallback. sharp is
 * loaded on the first upload; its cache is off and its threads bounded.
 */
export class ImageProcessor {
  private readonly turns = pLimit(PROCESSED_AT_ONCE);
  private sharp: Promise<typeof import('sharp')> | undefined;

  process(bytes: Buffer, declared: string): Promise<ProcessedImage> {
    const expected = UPLOAD_TYPES[declared as UploadType];
    if (!expected) throw new UnsupportedMediaTypeException({ detail: 'Upload a JPEG, PNG, WebP or AVIF image' });
    return this.turns(() => this.processed(bytes, expected));
  }

  private loaded(): Promise<typeof import('sharp')> {
    this.sharp ??= import('sharp').then(({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    });
    return this.sharp;
  }

  private async processed(bytes: Buffer, expected: string): Promise<ProcessedImage> {
    const sharp = await this.loaded();
    const input = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const };
    // The header alone: nothing is decoded, so the pixel count is checked here, not by sharp's limit.
    const metadata = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw notAnImage('Input should be a JPEG, PNG, WebP or AVIF image');
      });
    if (metadata.format !== expected) throw notAnImage(`The bytes are ${metadata.format ?? 'not an image'}, not the declared type`);
    const { width = 0, height = 0 } = metadata;
    if (width * height > MAX_PIXELS) throw notAnImage(`At most ${MAX_PIXELS / 1_000_000} megapixels (this image has ${width}×${height})`);

    // Oriented and in sRGB; sharp writes no metadata unless asked to, so none of the upload's is kept.
    const oriented = await sharp(bytes, input)
      .rotate()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw notAnImage('The image could not be decoded');
      });
    const { info } = oriented;
    const fromPixels = () => sharp(oriented.data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const fallback = metadata.hasAlpha ? 'png' : 'jpg';
    const encode = async (format: VariantFormat, width: number): Promise<ImageVariant> => {
      const resized = fromPixels().resize({ width, withoutEnlargement: true });
      const encoded =
        format === 'avif'
          ? resized.avif({ quality: 50, effort: 2 })
          : format === 'webp'
            ? resized.webp({ quality: 75 })
            : format === 'png'
              ? resized.png({ compressionLevel: 9 })
              : resized.jpeg({ quality: 82, mozjpeg: true });
      const { data, info: out } = await encoded.toBuffer({ resolveWithObject: true });
      return { width: out.width, height: out.height, format, body: data };
    };
    const widest = VARIANT_WIDTHS.at(-1)!;
    // Never wider than the picture; its own width too when a page could ask for no more than that.
    const widths = [...VARIANT_WIDTHS.filter((width) => width < info.width), ...(info.width <= widest ? [info.width] : [])];
    const variants: ImageVariant[] = [];
    // One size at a time: the peak memory is one decoded image and one encoding.
    for (const width of widths) for (const format of ['avif', 'webp'] as const) variants.push(await encode(format, width));
    // The fallback at the full width is also the stripped original an owner backs up.
    variants.push(await encode(fallback, info.width));
    return {
      id: mediaIdOf(bytes),
      width: info.width,
      height: info.height,
      fallback,
      variants,
      placeholder: await this.placeholderOf(fromPixels()),
    };
  }

  /** ThumbHash wants at most 100×100 RGBA. */
  private async placeholderOf(image: import('sharp').Sharp): Promise<string> {
    const { data, info } = await image.resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { rgbaToThumbHash } = await import('thumbhash');
    return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
  }
}
