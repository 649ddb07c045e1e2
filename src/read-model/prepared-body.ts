import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The representations a client can ask for with Accept-Encoding. */
export type BodyEncoding = 'br' | 'gzip' | 'identity';

/**
 * A JSON response body made once: serialized, compressed both ways and given a strong ETag,
 * so that serving it costs no JSON.stringify, no compression and no hashing.
 */
export class PreparedBody {
  private constructor(
    readonly identity: Buffer,
    readonly gzip: Buffer,
    readonly br: Buffer,
    readonly etag: string,
  ) {}

  static of(value: unknown): PreparedBody {
    const identity = Buffer.from(JSON.stringify(value));
    return new PreparedBody(
      identity,
      gzipSync(identity, { level: 9 }),
      brotliCompressSync(identity, {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
      `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    );
  }

  encoded(encoding: BodyEncoding): Buffer {
    return this[encoding];
  }
}
