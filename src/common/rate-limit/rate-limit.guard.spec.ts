import { Reflector } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard';
import { MemoryThrottlerStorage } from './memory-throttler.storage';

/** The guard's tracker: the key a client is counted under. */
async function trackerOf(ip: string | undefined): Promise<string> {
  const guard = new RateLimitGuard({ throttlers: [{ limit: 1, ttl: 1 }] }, new MemoryThrottlerStorage(), new Reflector());
  await guard.onModuleInit();
  return (guard as unknown as { getTracker(req: { ip?: string }): Promise<string> }).getTracker({ ip });
}

describe('RateLimitGuard client keys', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['::1', '::1'],
    ['203.0.113.7:50001', '203.0.113.7'],
    ['[2001:db8::1]:443', '2001:db8::/64'],
    ['[2001:db8::1]', '2001:db8::/64'],
    ['[::ffff:203.0.113.9]:8080', '203.0.113.9'],
    ['not-an-address:80', 'not-an-address:80'],
  ])('keys %s as %s', async (address, key) => {
    expect(await trackerOf(address)).toBe(key);
  });

  it('counts a client the same whatever port its proxy reports', async () => {
    expect(await trackerOf('203.0.113.7:50001')).toBe(await trackerOf('203.0.113.7:50002'));
    expect(await trackerOf('[2001:db8::1]:50001')).toBe(await trackerOf('2001:db8::1'));
  });

  it('puts every address of one /64 under one key', async () => {
    expect(await trackerOf('2001:db8:aa:bb:1::1')).toBe(await trackerOf('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(await trackerOf('2001:db8:aa:bb::1')).not.toBe(await trackerOf('2001:db8:aa:bc::1'));
  });
});
