/**
 * Values kept in memory under string keys, at most `maxBytes` of them in all (by `sizeOf`), the
 * least recently read going first; a value larger than all the cache may hold is never kept.
 */
export class BytesBoundedCache<V> {
  private readonly kept = new Map<string, V>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const found = this.kept.get(key);
    if (found !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, found);
    }
    return found;
  }

  keep(key: string, value: V): void {
    if (this.sizeOf(value) > this.maxBytes || this.kept.has(key)) return;
    this.kept.set(key, value);
    this.bytes += this.sizeOf(value);
    for (const [oldest, kept] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest, kept);
    }
  }

  drop(key: string): void {
    const value = this.kept.get(key);
    if (value !== undefined) this.remove(key, value);
  }

  /** Forgets every value whose key starts with `prefix`. */
  forgetStartingWith(prefix: string): void {
    for (const [key, value] of this.kept) if (key.startsWith(prefix)) this.remove(key, value);
  }

  private remove(key: string, value: V): void {
    this.kept.delete(key);
    this.bytes -= this.sizeOf(value);
  }
}
