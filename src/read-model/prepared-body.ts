import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';
import { isFreshFor } from '@/common/http/conditional-requests';
import { WrittenAnswer } from '@/common/http/written-answer';
import { REVALIDATED, type SharedCacheHeaders } from './shared-caching';
import type { TypedBody } from './typed-body';

/** In the order sent when the client accepts several equally: the smallest first. */
const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type BodyEncoding = (typeof ENCODINGS)[number];

// Compression runs on libuv's thread pool: brotli's best quality takes hundreds of milliseconds
// on a list of hundreds of projects, which must not stop the event loop.
const gzipped = promisify(gzip);
const brotliCompressed = promisify(brotliCompress);

/** The strong validator of a body (a JSON text, a file's bytes): its SHA-256, shortened. */
export const etagOf = (body: string | Buffer): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export interface PreparedBodyOptions {
  /** Its validator; the SHA-256 of its bytes unless given. */
  etag?: string;
  /** False: sent without its validator (no ETag, never 304), as a preview is, which shares none with a published answer. */
  validated?: boolean;
  /** The language of its texts (a BCP 47 tag), for the reads that take one. */
  contentLanguage?: string;
  sharedCache: SharedCacheHeaders;
}

/** Response headers as Node's writeHead() takes them at once: names and values in one list. */
export type WireHeaders = readonly (string | number)[];

/**
 * An answer made once: serialized, compressed both ways (when its media type compresses), given a
 * strong ETag, and the headers of each variant listed, so that sending it costs no serialization,
 * no compression, no hashing and no header-by-header work. It answers 304 when the request is fresh (If-None-Match names the
 * ETag, by the app's rule for `req.fresh`), and otherwise the variant Accept-Encoding prefers, brotli
 * when it ranks with gzip (browsers send `gzip, deflate, br`: their order is no preference).
 */
export class PreparedBody extends WrittenAnswer {
  private readonly notModifiedHeaders: WireHeaders;
  private readonly variantHeaders: Record<BodyEncoding, WireHeaders>;
  private revalidatingOne: PreparedBody | undefined;

  private constructor(
    readonly etag: string,
    private readonly mediaType: string,
    private readonly encoded: Record<BodyEncoding, Buffer>,
    private readonly options: PreparedBodyOptions,
  ) {
    super();
    const { contentLanguage, sharedCache, validated = true } = options;
    const compressed = encoded.br !== encoded.identity;
    this.notModifiedHeaders = [
      ...(validated ? ['ETag', etag] : []),
      'Cache-Control',
      sharedCache.cacheControl,
      // Varnish's xkey and Fastly read space-separated keys; Cloudflare, comma-separated tags.
      ...(sharedCache.tags.length > 0 ? ['Surrogate-Key', sharedCache.tags.join(' '), 'Cache-Tag', sharedCache.tags.join(',')] : []),
      ...(compressed ? ['Vary', 'Accept-Encoding'] : []),
      ...(contentLanguage ? ['Content-Language', contentLanguage] : []),
    ];
    const variant = (encoding: BodyEncoding): WireHeaders => [
      ...this.notModifiedHeaders,
      'Content-Type',
      mediaType,
      ...(encoded[encoding] === encoded.identity ? [] : ['Content-Encoding', encoding]),
      'Content-Length',
      encoded[encoding].length,
    ];
    this.variantHeaders = { identity: variant('identity'), gzip: variant('gzip'), br: variant('br') };
  }

  static async of({ mediaType, bytes: identity, compressible }: TypedBody, options: PreparedBodyOptions): Promise<PreparedBody> {
    const etag = options.etag ?? etagOf(identity);
    if (!compressible) return new PreparedBody(etag, mediaType, { identity, gzip: identity, br: identity }, options);
    const [gzip, br] = await Promise.all([
      gzipped(identity, { level: 9 }),
      brotliCompressed(identity, {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    ]);
    return new PreparedBody(etag, mediaType, { identity, gzip, br }, options);
  }

  /**
   * The same answer, telling every cache (a CDN too) to ask again before each use: an answer from
   * before a change, sent while its successor is being prepared or cannot be. Made once.
   */
  revalidating(): PreparedBody {
    if (this.options.sharedCache.cacheControl === REVALIDATED) return this;
    const sharedCache = { ...this.options.sharedCache, cacheControl: REVALIDATED };
    return (this.revalidatingOne ??= new PreparedBody(this.etag, this.mediaType, this.encoded, { ...this.options, sharedCache }));
  }

  /** Bytes held, all encodings together. */
  get size(): number {
    return [...new Set(Object.values(this.encoded))].reduce((bytes, buffer) => bytes + buffer.length, 0);
  }

  /**
   * Writes the answer with `leading` headers before its own, in one writeHead() (headers set
   * before with setHeader() come first, as Node merges them).
   */
  writeTo(req: IncomingMessage, res: ServerResponse, leading: WireHeaders = []): void {
    if (this.options.validated !== false && isFreshFor(req, { etag: this.etag })) {
      res.writeHead(304, [...leading, ...this.notModifiedHeaders]).end();
      return;
    }
    const encoding = req.headers['accept-encoding']
      ? ((new Negotiator(req).encoding(ENCODINGS, { preferred: ENCODINGS }) ?? 'identity') as BodyEncoding)
      : 'identity';
    res.writeHead(200, [...leading, ...this.variantHeaders[encoding]]).end(this.encoded[encoding]);
  }
}
