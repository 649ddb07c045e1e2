import { MediaBytes, MediaCache } from './media-bytes';

const bytesOf = (size: number) => new MediaBytes(Buffer.alloc(size), 'image/avif', '"x"', { id: 'x' });

describe('MediaCache', () => {
  it('keeps at most its bytes, the least recently served going first', () => {
    const cache = new MediaCache(100);
    cache.keep('a/320.avif', bytesOf(40));
    cache.keep('b/320.avif', bytesOf(40));
    cache.get('a/320.avif'); // now the most recently served
    cache.keep('c/320.avif', bytesOf(40));
    expect(['a/320.avif', 'b/320.avif', 'c/320.avif'].map((key) => cache.get(key) !== undefined)).toEqual([true, false, true]);
  });

  it('never keeps a picture larger than all it may hold, and forgets every variant of a deleted one', () => {
    const cache = new MediaCache(100);
    cache.keep('big/1920.avif', bytesOf(101));
    cache.keep('a/320.avif', bytesOf(10));
    cache.keep('a/640.avif', bytesOf(10));
    cache.keep('ab/320.avif', bytesOf(10));
    cache.forget('a');
    expect(['big/1920.avif', 'a/320.avif', 'a/640.avif', 'ab/320.avif'].map((key) => cache.get(key) !== undefined)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('keeps no bytes read while a picture was forgotten (they may be of that picture), and forgets them all after announcements were missed', () => {
    const cache = new MediaCache(100);
    const before = cache.era;
    cache.forget('a');
    cache.keepFrom(before, 'a/320.avif', bytesOf(10));
    cache.keepFrom(cache.era, 'b/320.avif', bytesOf(10));
    const kept = () => ['a/320.avif', 'b/320.avif'].map((key) => cache.get(key) !== undefined);
    expect(kept()).toEqual([false, true]);
    cache.forget();
    expect(kept()).toEqual([false, false]);
  });
});
