import { InMemoryExplorerTokenStore } from './explorer-token.store';

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
});
