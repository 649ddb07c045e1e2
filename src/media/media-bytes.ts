import type { Request, Response } from 'express';
import { WrittenAnswer } from '@/common/http/written-answer';

/** A variant's bytes never change: its URL names the uploaded bytes and the encoding. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** One variant's bytes as served: immutable, with its ETag; 304 when If-None-Match names it. */
export class MediaBytes extends WrittenAnswer {
  constructor(
    readonly body: Buffer,
    readonly type: string,
    readonly etag: string,
    /** Set on the negotiating URL, whose answer depends on the Accept header. */
    private readonly negotiated = false,
  ) {
    super();
  }

  writeTo(req: Request, res: Response): void {
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', this.etag);
    if (this.negotiated) res.setHeader('Vary', 'Accept');
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Type', this.type);
    res.setHeader('Content-Length', this.body.length);
    res.end(this.body);
  }
}

/**
 * The hot variants in memory, the least recently served first out, at most `maxBytes` in all: a
 * picture on every page costs no database read.
 */
export class MediaCache {
  private readonly kept = new Map<string, MediaBytes>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): MediaBytes | undefined {
    const found = this.kept.get(key);
    if (found) {
      this.kept.delete(key);
      this.kept.set(key, found);
    }
    return found;
  }

  keep(key: string, bytes: MediaBytes): void {
    if (bytes.body.length > this.maxBytes || this.kept.has(key)) return;
    this.kept.set(key, bytes);
    this.bytes += bytes.body.length;
    for (const [oldest, { body }] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= body.length;
    }
  }

  forget(id: string): void {
    for (const [key, { body }] of this.kept) {
      if (key.startsWith(`${id}/`)) {
        this.kept.delete(key);
        this.bytes -= body.length;
      }
    }
  }
}
