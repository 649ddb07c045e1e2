import { createHash } from 'node:crypto';
import type { HashedItem } from './persistence/content-history.repository';

export const sha256 = (data: string | Buffer): Buffer => createHash('sha256').update(data).digest();

/** An item's hash: the SHA-256 of its JSON. */
export const itemHashOf = (item: unknown): Buffer => sha256(JSON.stringify(item));

/** A snapshot's hash: the SHA-256 of its items' hashes, in order. */
export const snapshotHashOf = (items: readonly HashedItem[]): Buffer => sha256(Buffer.concat(items.map((item) => item.hash)));
