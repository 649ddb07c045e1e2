import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/** An archive's files, by path, in their order. */
export async function filesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const entries = extract();
  const unpacking = pipeline(Readable.from([archive]), createGunzip(), entries);
  for await (const entry of entries) files.set(entry.header.name, await buffer(entry));
  await unpacking;
  return files;
}

/** An archive of these files, in this order. */
export async function archiveOf(files: Map<string, Buffer>): Promise<Buffer> {
  const packing = pack();
  for (const [name, body] of files) packing.entry({ name }, body);
  packing.finalize();
  return buffer(packing.pipe(createGzip()));
}

/**
 * The archive with some files changed (undefined: left out), its manifest's checksums brought in
 * line unless `keepChecksums` (a tampered file).
 */
export async function repacked(
  archive: Buffer,
  change: (path: string, body: Buffer) => Buffer | undefined,
  { keepChecksums = false } = {},
): Promise<Buffer> {
  const files = new Map<string, Buffer>();
  for (const [path, body] of await filesOf(archive)) {
    const changed = change(path, body);
    if (changed) files.set(path, changed);
  }
  if (!keepChecksums) {
    const manifest = JSON.parse(files.get('manifest.json')!.toString()) as { files: Record<string, string> };
    manifest.files = Object.fromEntries(
      [...files]
        .filter(([path]) => path !== 'manifest.json')
        .map(([path, body]) => [path, createHash('sha256').update(body).digest('hex')]),
    );
    files.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  }
  return archiveOf(files);
}
