import { BytesBoundedCache } from './bytes-bounded-cache';

const cacheOf = (maxBytes: number) => new BytesBoundedCache<Buffer>(maxBytes, (value) => value.length);
const keptOf = (cache: BytesBoundedCache<Buffer>, keys: string[]) => keys.filter((key) => cache.get(key) !== undefined);

describe('BytesBoundedCache', () => {
  it('keeps at most its bytes, the least recently read going first', () => {
    const cache = cacheOf(100);
    for (const key of ['a', 'b', 'c']) cache.keep(key, Buffer.alloc(30));
    cache.get('a');
    cache.keep('d', Buffer.alloc(30));
    expect(keptOf(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
  });

  it('keeps the first value under a key until it is dropped', () => {
    const cache = cacheOf(100);
    cache.keep('a', Buffer.from('first'));
    cache.keep('a', Buffer.from('second'));
    expect(cache.get('a')?.toString()).toBe('first');
    cache.drop('a');
    cache.keep('a', Buffer.from('second'));
    expect(cache.get('a')?.toString()).toBe('second');
  });

  it('never keeps a value larger than all it may hold, and counts an empty one', () => {
    const cache = cacheOf(2);
    cache.keep('big', Buffer.alloc(3));
    for (const key of ['x', 'y', 'z']) cache.keep(key, Buffer.alloc(0));
    expect(keptOf(cache, ['big', 'x', 'y', 'z'])).toEqual(['y', 'z']);
  });

  it('keeps nothing when it may hold no bytes', () => {
    const cache = cacheOf(0);
    cache.keep('a', Buffer.alloc(1));
    expect(cache.get('a')).toBeUndefined();
    expect(() => cache.forgetStartingWith('')).not.toThrow();
  });

  it('forgets the values under a prefix, and those only', () => {
    const cache = cacheOf(100);
    for (const key of ['a/1', 'a/2', 'ab/1', 'b/1']) cache.keep(key, Buffer.alloc(1));
    cache.forgetStartingWith('a/');
    expect(keptOf(cache, ['a/1', 'a/2', 'ab/1', 'b/1'])).toEqual(['ab/1', 'b/1']);
  });
});
