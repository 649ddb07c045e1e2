import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { WrittenAnswer } from '@/common/http/written-answer';

/** Content changes rarely: caches keep it, and ask again with the ETag every time. */
export const CACHE_CONTROL = 'public, no-cache';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type BodyEncoding = (typeof ENCODINGS)[number];

// Compression runs on libuv's thread pool: brotli's best quality takes hundreds of milliseconds
// on a list of hundreds of projects, which must not stop the event loop.
const gzipped = promisify(gzip);
const brotliCompressed = promisify(brotliCompress);

/** The strong validator of a body (a JSON text, a file's bytes): its SHA-256, shortened. */
export const etagOf = (body: string | Buffer): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * A JSON answer made once: serialized, compressed both ways and given a strong ETag, so that
 * sending it costs no serialization, no compression and no hashing. It answers 304 when the
 * request is fresh (Express's `req.fresh`: If-None-Match names the ETag), and otherwise the
 * variant Accept-Encoding prefers.
 */
export class PreparedBody extends WrittenAnswer {
  private constructor(
    readonly etag: string,
    private readonly encoded: Record<BodyEncoding, Buffer>,
    /** The language of its texts (a BCP 47 tag), for the reads that take one. */
    private readonly contentLanguage: string | undefined,
  ) {
    super();
  }

  static async of(json: string, etag = etagOf(json), contentLanguage?: string): Promise<PreparedBody> {
    const identity = Buffer.from(json);
    const [gzip, br] = await Promise.all([
      gzipped(identity, { level: 9 }),
      brotliCompressed(identity, {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
      }),
    ]);
    return new PreparedBody(etag, { identity, gzip, br }, contentLanguage);
  }

  /** Bytes held, all encodings together. */
  get size(): number {
    return this.encoded.identity.length + this.encoded.gzip.length + this.encoded.br.length;
  }

  writeTo(req: Request, res: Response): void {
    res.setHeader('ETag', this.etag);
    res.setHeader('Cache-Control', CACHE_CONTROL);
    res.setHeader('Vary', 'Accept-Encoding');
    if (this.contentLanguage) res.setHeader('Content-Language', this.contentLanguage);
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = req.headers['accept-encoding'] ? ((req.acceptsEncodings([...ENCODINGS]) || 'identity') as BodyEncoding) : 'identity';
    const bytes = this.encoded[encoding];
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', bytes.length);
    res.end(bytes);
  }
}
