/** What the service and its encoder process tell each other: an upload's job, and what it became. */

export type VariantFormat = 'avif' | 'webp' | 'jpg' | 'png';
export const MEDIA_TYPES: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export interface ImageVariant {
  width: number;
  height: number;
  format: VariantFormat;
  body: Buffer;
}

/** What the encoder process makes of an upload. */
export interface ProcessedPixels {
  width: number;
  height: number;
  /** The fallback format: PNG where the image has transparency, JPEG otherwise. */
  fallback: 'jpg' | 'png';
  variants: ImageVariant[];
  /** A ThumbHash (base64) a page can paint before the image arrives. */
  placeholder: string;
}

/**
 * One upload for the encoder process, with the rules it is processed by. Its bytes, and the variants
 * back, go through files: through IPC, a 12-megapixel upload held the event loop here for 50-120 ms
 * at a time (the channel copies a message whole, and concatenates it one read at a time).
 */
export interface EncodeJob {
  /** The file of the upload's bytes; the variants are written beside it. */
  upload: string;
  /** The format sharp must find in the bytes. */
  expected: string;
  maxPixels: number;
  widths: readonly number[];
  /** The narrower widths of the fallback format; it is encoded at the image's own width too (the stripped original). */
  fallbackWidths: readonly number[];
}

/** The image, each variant's bytes in its file; or why the upload is refused (422); or that the encoder failed otherwise. */
export type EncodeReply =
  | { image: Omit<ProcessedPixels, 'variants'> & { variants: (Omit<ImageVariant, 'body'> & { file: string })[] } }
  | { refused: string }
  | { failed: string };
