import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { readableBytes } from '@/common/http/body-limits';
import { parsedInSlices } from '@/common/http/json-in-slices';

/** The files an archive may hold: anything else is refused, by name. */
const ARCHIVE_FILE =
  /^(manifest\.json|content\.json|draft\.json|media\/[0-9a-f]{24}\.(jpg|png|json)|cv\/[a-z]{2,20}\.(pdf|json)|history\/[0-9]{1,10}\.json)$/;

const GZIP_TYPES = ['application/gzip', 'application/x-gzip'];

/** The request's body as an archive: a .tar.gz, or 415. */
export function archiveBody(request: IncomingMessage): Readable {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0].trim().toLowerCase();
  if (!GZIP_TYPES.includes(type)) throw new UnsupportedMediaTypeException({ detail: 'An archive is sent as application/gzip' });
  return request;
}

/** A refusal of the archive (422), naming the file at fault, or the archive itself. */
export const archiveRefused = (msg: string, file?: string): RequestValidationException =>
  RequestValidationException.single(file ? ['body', file] : ['body'], msg, 'archive_invalid');

/**
 * An archive unpacked to a folder of its own, each file's SHA-256 taken on the way: the request's
 * body is streamed through, never held whole, and at most `limit` bytes are taken from it and
 * unpacked from it (a small gzip that would unpack to gigabytes stops there).
 */
export class StagedArchive {
  private constructor(
    private readonly folder: string,
    /** Each file's SHA-256 (hex), by its path in the archive. */
    readonly hashes: ReadonlyMap<string, string>,
  ) {}

  static async unpack(body: Readable, limit: number): Promise<StagedArchive> {
    const { extract } = await import('tar-stream');
    const folder = await mkdtemp(join(tmpdir(), 'portfolio-archive-'));
    const hashes = new Map<string, string>();
    const entries = extract();
    // What went wrong on the way in (the body, the gzip, the tar), kept for after the files that came whole.
    const unpacked = pipeline(
      body,
      atMost(limit, () => new PayloadTooLargeException({ detail: `An archive is at most ${readableBytes(limit)}` })),
      createGunzip(),
      atMost(limit, () => archiveRefused(`The archive unpacks to more than ${readableBytes(limit)}`)),
      entries,
    ).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    try {
      for await (const entry of entries) {
        const { name, type } = entry.header;
        if (type !== 'file' || !ARCHIVE_FILE.test(name)) throw archiveRefused('Not a file a portfolio archive holds', name);
        if (hashes.has(name)) throw archiveRefused('The archive holds this file twice', name);
        const hash = createHash('sha256');
        await pipeline(entry, hashing(hash), createWriteStream(join(folder, fileNameOf(name))));
        hashes.set(name, hash.digest('hex'));
      }
      const failure = await unpacked;
      if (failure) throw failure;
      return new StagedArchive(folder, hashes);
    } catch (error) {
      body.destroy();
      await rm(folder, { recursive: true, force: true });
      if (error instanceof PayloadTooLargeException || error instanceof RequestValidationException) throw error;
      throw archiveRefused(`Not a whole .tar.gz: ${(error as Error).message}`);
    }
  }

  has(path: string): boolean {
    return this.hashes.has(path);
  }

  read(path: string): Promise<Buffer> {
    return readFile(join(this.folder, fileNameOf(path)));
  }

  /**
   * The file as JSON; 422 naming it when it is not. With `longestList`, parsed a piece at a time as
   * PUT /api/admin/content parses its body (parsedInSlices): for a document of megabytes.
   */
  async json<T>(path: string, { longestList }: { longestList?: number } = {}): Promise<T> {
    try {
      const bytes = await this.read(path);
      return (longestList === undefined ? JSON.parse(bytes.toString('utf8')) : await parsedInSlices(bytes, longestList)) as T;
    } catch {
      throw archiveRefused('Not JSON', path);
    }
  }

  dispose(): Promise<void> {
    return rm(this.folder, { recursive: true, force: true });
  }
}

/** A file's name in the folder: its path in the archive, flat. */
const fileNameOf = (path: string): string => path.replaceAll('/', '__');

const hashing = (hash: ReturnType<typeof createHash>) =>
  new Transform({
    transform(chunk: Buffer, _, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });

function atMost(limit: number, refusal: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _, done) {
      seen += chunk.length;
      done(seen > limit ? refusal() : null, chunk);
    },
  });
}
