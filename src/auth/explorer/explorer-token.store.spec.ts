import { InMemoryExplorerTokenStore, MAX_LIVE_TOKENS } from './explorer-token.store';

const HOUR = 3_600_000;

describe('InMemoryExplorerTokenStore', () => {
  let now: number;
  let store: InMemoryExplorerTokenStore;
  beforeEach(() => {
    now = 5_000_000;
    store = new InMemoryExplorerTokenStore(() => now);
  });

  it('knows a token until its hour is up, then rejects it', async () => {
    await store.save('guest-1', HOUR);
    now += HOUR - 1;
    expect(await store.isValid('guest-1')).toBe(true);
    now += 1;
    expect(await store.isValid('guest-1')).toBe(false);
  });

  it('never knows a token it did not issue', async () => {
    expect(await store.isValid('made-up')).toBe(false);
  });

  it('purges expired tokens as new ones are issued', async () => {
    for (let i = 0; i < 100; i += 1) await store.save(`old-${i}`, HOUR);
    now += HOUR;
    await store.save('fresh', HOUR);
    expect(store.size).toBe(1);
  });

  it('keeps at most its capacity of live tokens, dropping the oldest first', async () => {
    const small = new InMemoryExplorerTokenStore(() => now, 3);
    for (const token of ['a', 'b', 'c', 'd', 'e']) await small.save(token, HOUR);
    expect(small.size).toBe(3);
    expect(await small.isValid('b')).toBe(false);
    expect(await Promise.all(['c', 'd', 'e'].map((token) => small.isValid(token)))).toEqual([true, true, true]);
  });

  it('holds 100,000 live tokens by default', async () => {
    for (let i = 0; i <= MAX_LIVE_TOKENS; i += 1) await store.save(`live-${i}`, HOUR);
    expect(store.size).toBe(MAX_LIVE_TOKENS);
    expect(await store.isValid('live-0')).toBe(false);
    expect(await store.isValid(`live-${MAX_LIVE_TOKENS}`)).toBe(true);
  });

  it('looks at a handful of tokens per issue, however many are live', async () => {
    for (let i = 0; i < 50_000; i += 1) await store.save(`live-${i}`, HOUR);
    const lookups = vi.spyOn(Map.prototype, 'get');
    const walks = vi.spyOn(Map.prototype, 'entries');
    const iterations = vi.spyOn(Map.prototype, Symbol.iterator);
    now += 1;
    await store.save('one-more', HOUR);
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(2);
    expect(walks).not.toHaveBeenCalled();
    expect(iterations).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
