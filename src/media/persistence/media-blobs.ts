import { ServiceUnavailableException } from '@nestjs/common';

/**
 * Where the variants' bytes go when not into PostgreSQL with their rows: one blob per variant,
 * named by content (`<media_id>/<width>.<format>`, the id a SHA-256 prefix of the upload), so a
 * blob written twice holds the same bytes.
 */
export abstract class MediaBlobs {
  abstract write(name: string, type: string, body: Buffer): Promise<void>;
  abstract read(name: string): Promise<Buffer | undefined>;
  /** The blob as it downloads, a piece at a time. */
  abstract readPieces(name: string): AsyncIterable<Buffer>;
  /** Every blob of these pictures. */
  abstract removeAll(mediaIds: readonly string[]): Promise<void>;
}

export const blobName = (mediaId: string, variant: string): string => `${mediaId}/${variant}`;

/** What a request answers while the blob store cannot be reached: a 503 of its own, not the database's. */
export const mediaStorageUnavailable = (): ServiceUnavailableException =>
  new ServiceUnavailableException({ detail: 'The media storage is unavailable; try again shortly' });
