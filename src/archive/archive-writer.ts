import { createHash } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Pack } from 'tar-stream';
import { ARCHIVE_FORMAT, ARCHIVE_PATHS, type ArchiveCounts, type ArchiveManifest } from './archive-format';

/**
 * Writes an archive as it is made: each file goes into the tar stream, gzipped, to `out` with
 * its SHA-256 noted, and the manifest last. A file waits until the one before has left for
 * `out` (the tar stream's back-pressure), so memory holds one file at a time, whatever the size
 * of the whole.
 */
export class ArchiveWriter {
  private readonly files: Record<string, string> = {};
  private readonly sent: Promise<void>;

  private constructor(
    private readonly pack: Pack,
    out: Writable,
  ) {
    this.sent = pipeline(pack, createGzip(), out);
    // Awaited by finish(); an archive aborted before then ends `out` with its error, which is the caller's to report.
    this.sent.catch(() => undefined);
  }

  static async to(out: Writable): Promise<ArchiveWriter> {
    const { pack } = await import('tar-stream');
    return new ArchiveWriter(pack(), out);
  }

  add(path: string, body: Buffer): Promise<void> {
    return this.addPieces(path, body.length, [body]);
  }

  /** A file of `size` bytes, as its pieces come. */
  async addPieces(path: string, size: number, pieces: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
    const hash = createHash('sha256');
    const hashed = async function* () {
      for await (const piece of pieces) {
        hash.update(piece);
        yield piece;
      }
    };
    await pipeline(Readable.from(hashed()), this.pack.entry({ name: path, size, mtime: new Date(0) }));
    this.files[path] = hash.digest('hex');
  }

  addJson(path: string, value: unknown): Promise<void> {
    return this.add(path, Buffer.from(JSON.stringify(value, null, 2)));
  }

  /** The manifest, then the end of the archive; resolves once `out` has it all. */
  async finish(counts: ArchiveCounts): Promise<void> {
    const manifest: ArchiveManifest = { format: ARCHIVE_FORMAT, createdAt: new Date().toISOString(), counts, files: { ...this.files } };
    await this.addJson(ARCHIVE_PATHS.manifest, manifest);
    this.pack.finalize();
    await this.sent;
  }

  /** Ends the archive unfinished (its reader finds it truncated). */
  abort(error: Error): void {
    this.pack.destroy(error);
  }
}
