import type { IncomingMessage, ServerResponse } from 'node:http';
import { PRIVATE } from '@/common/http/cache-control';
import { isFreshFor } from '@/common/http/conditional-requests';
import { BytesBoundedCache } from '@/common/memory/bytes-bounded-cache';
import { WrittenAnswer } from '@/common/http/written-answer';
import type { WireHeaders } from '@/read-model/prepared-body';

/** A variant's bytes never change: its URL names the uploaded bytes and the encoding. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** How a picture's bytes are served. */
export interface MediaBytesServed {
  /** The picture's id: a shared cache keeps its bytes under the tags `media` and `media:<id>`, which its deletion purges. */
  id: string;
  /** Set on the negotiating URL, whose answer depends on the Accept header. */
  negotiated?: boolean;
  /** Set on the admin's copy of the original: no cache keeps it. */
  private?: boolean;
}

/**
 * One variant's bytes as served: immutable, with its ETag; 304 when If-None-Match names it. Its
 * headers are listed once, so that sending it, from the pipeline or at the edge, is one writeHead().
 */
export class MediaBytes extends WrittenAnswer {
  private readonly notModifiedHeaders: WireHeaders;
  private readonly headers: WireHeaders;

  constructor(
    readonly body: Buffer,
    readonly type: string,
    readonly etag: string,
    { id, negotiated = false, private: owned = false }: MediaBytesServed,
  ) {
    super();
    this.notModifiedHeaders = [
      'Cache-Control',
      owned ? PRIVATE : IMMUTABLE,
      'ETag',
      etag,
      ...(negotiated ? ['Vary', 'Accept'] : []),
      ...(owned ? [] : ['Surrogate-Key', `media media:${id}`, 'Cache-Tag', `media,media:${id}`]),
    ];
    this.headers = [...this.notModifiedHeaders, 'Content-Type', type, 'Content-Length', body.length];
  }

  writeTo(req: IncomingMessage, res: ServerResponse, leading: WireHeaders = []): void {
    if (isFreshFor(req, { etag: this.etag })) res.writeHead(304, [...leading, ...this.notModifiedHeaders]).end();
    else res.writeHead(200, [...leading, ...this.headers]).end(this.body);
  }
}

/**
 * The hot variants in memory, the least recently served first out, at most `maxBytes` in all: a
 * picture on every page costs no database read.
 */
export class MediaCache extends BytesBoundedCache<MediaBytes> {
  private forgets = 0;

  constructor(maxBytes: number) {
    super(maxBytes, (bytes) => bytes.body.length);
  }

  /** Every variant of a picture, under keys `<id>/…`; `undefined`: every picture. */
  forget(id?: string): void {
    this.forgets += 1;
    this.forgetStartingWith(id === undefined ? '' : `${id}/`);
  }

  /** Where the cache stands: a value read while a picture was forgotten may be that picture's. */
  get era(): number {
    return this.forgets;
  }

  /** Keeps a value read since `era`, unless a picture was forgotten meanwhile. */
  keepFrom(era: number, key: string, value: MediaBytes): void {
    if (era === this.forgets) this.keep(key, value);
  }
}
