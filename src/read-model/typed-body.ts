/**
 * What a public read answers when its answer is not JSON (a sitemap, a feed, a PNG): the bytes and
 * their media type. The read model prepares it as it prepares JSON, compressing only what
 * compresses (text, not an already compressed image).
 */
export class TypedBody {
  readonly bytes: Buffer;
  /** Compressed for clients that accept it: text is, an already compressed image is not. */
  readonly compressible: boolean;
  /** False for answers kept elsewhere (the social cards' store): prepared and sent, never kept, so none takes another's place. */
  readonly keptByReadModel: boolean;

  constructor(
    readonly mediaType: string,
    bytes: Buffer | string,
    { compressible = true, keptByReadModel = true }: { compressible?: boolean; keptByReadModel?: boolean } = {},
  ) {
    this.bytes = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    this.compressible = compressible;
    this.keptByReadModel = keptByReadModel;
  }

  /** A JSON text, as every other public read answers. */
  static json(json: string, mediaType = 'application/json'): TypedBody {
    return new TypedBody(`${mediaType}; charset=utf-8`, json);
  }

  /** What a handler's value is sent as: itself when typed, else its JSON. */
  static of(value: unknown): TypedBody {
    return value instanceof TypedBody ? value : TypedBody.json(JSON.stringify(value));
  }
}
