import { createHash, randomBytes } from 'node:crypto';
import { mediaIdOf } from './image-processor';

describe('mediaIdOf', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a prefix of the whole upload’s SHA-256, however its slices fall', async () => {
    const bytes = randomBytes(3 * 256 * 1024 + 17);
    expect(await mediaIdOf(bytes)).toBe(createHash('sha256').update(bytes).digest('hex').slice(0, 24));
    expect(await mediaIdOf(Buffer.alloc(0))).toBe(createHash('sha256').digest('hex').slice(0, 24));
  });

  it('gives the event loop back while it hashes a large upload', async () => {
    // Every look at the clock finds 2 ms gone: the hash runs long, whatever this machine's speed.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 2));
    const order: string[] = [];
    setImmediate(() => order.push('another request'));
    await mediaIdOf(randomBytes(8 * 256 * 1024)).then(() => order.push('hashed'));
    expect(order).toEqual(['another request', 'hashed']);
  });
});
