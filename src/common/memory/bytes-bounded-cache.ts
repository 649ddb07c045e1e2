import { LRUCache } from 'lru-cache';

/**
 * Values kept in memory under string keys, at most `maxBytes` of them in all (by `sizeOf`), the
 * least recently read going first; a value larger than all the cache may hold is never kept. On
 * lru-cache, whose reads only relink the indexes of its own arrays: a read leaves nothing behind
 * (moving the key to the end of a Map gave the Map a new table now and then, which lived on into
 * the old generation).
 */
export class BytesBoundedCache<V extends object> {
  /** None when `maxBytes` is 0: lru-cache needs a positive bound. */
  private readonly kept: LRUCache<string, V> | undefined;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    // lru-cache counts no entry as 0 bytes; an empty value counts as one byte here.
    this.kept = maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, sizeOf(value)) }) : undefined;
  }

  get(key: string): V | undefined {
    return this.kept?.get(key);
  }

  keep(key: string, value: V): void {
    if (!this.kept?.has(key)) this.kept?.set(key, value);
  }

  drop(key: string): void {
    this.kept?.delete(key);
  }

  /** Forgets every value whose key starts with `prefix`. */
  forgetStartingWith(prefix: string): void {
    const keys = [...(this.kept?.keys() ?? [])];
    for (const key of keys) if (key.startsWith(prefix)) this.drop(key);
  }
}
