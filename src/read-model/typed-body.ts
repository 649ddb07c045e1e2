import { jsonBytesInSlices } from '@/common/scheduling/json-bytes-in-slices';

/**
 * What a public read answers when its answer is not JSON (a sitemap, a feed, a PNG): the bytes and
 * their media type. The read model prepares it as it prepares JSON, compressing only what
 * compresses (text, not an already compressed image).
 */
export class TypedBody {
  readonly bytes: Buffer;
  /** Compressed for clients that accept it: text is, an already compressed image is not. */
  readonly compressible: boolean;
  /**
   * True for answers kept elsewhere too (the social cards' store): the first the read model lets go
   * when it is full, and prepared again after a write without the write waiting for them.
   */
  readonly spare: boolean;

  constructor(
    readonly mediaType: string,
    bytes: Buffer | string,
    { compressible = true, spare = false }: { compressible?: boolean; spare?: boolean } = {},
  ) {
    this.bytes = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    this.compressible = compressible;
    this.spare = spare;
  }

  /** A JSON text, as every other public read answers. */
  static json(json: string | Buffer, mediaType = 'application/json'): TypedBody {
    return new TypedBody(`${mediaType}; charset=utf-8`, json);
  }

  /** What a handler's value is sent as: itself when typed, else its JSON (a long list's made a few items at a time). */
  static async of(value: unknown): Promise<TypedBody> {
    return value instanceof TypedBody ? value : TypedBody.json(await jsonBytesInSlices(value));
  }
}
