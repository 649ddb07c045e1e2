import express from 'express';
import { rememberingAnswers, trustProxySetting } from './client-address';

const ADDRESSES = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '::ffff:10.1.2.3', '203.0.113.7', '2001:db8::1', 'not an address'];

describe('the TRUST_PROXY setting', () => {
  it('believes exactly the addresses Express’s own compilation believes', () => {
    for (const setting of ['loopback', 'loopback, 10.0.0.0/8', '203.0.113.0/24,2001:db8::/32']) {
      const expressApp = express().set('trust proxy', setting);
      const ours = express().set('trust proxy', trustProxySetting(setting));
      const [theirs, mine] = [expressApp, ours].map((app) => app.get('trust proxy fn') as (address: string, hop: number) => boolean);
      for (const address of ADDRESSES)
        for (const hop of [0, 1]) expect([setting, address, mine(address, hop)]).toEqual([setting, address, theirs(address, hop)]);
    }
  });

  it('leaves a hop count and a boolean to Express', () => {
    expect([trustProxySetting(1), trustProxySetting(false), trustProxySetting(true)]).toEqual([1, false, true]);
  });

  it('asks about each address once, forgets all it kept at 1,024 addresses, and never keeps what is too long to be one', () => {
    const trust = vi.fn((address: string) => address.startsWith('10.'));
    const remembered = rememberingAnswers(trust);
    for (let round = 0; round < 3; round += 1)
      expect([remembered('10.0.0.1', 0), remembered('::ffff:203.0.113.7', 1)]).toEqual([true, false]);
    expect(trust).toHaveBeenCalledTimes(2);

    for (let n = 0; n < 1_024; n += 1) remembered(`10.1.${n >> 8}.${n & 255}`, 0);
    remembered('10.0.0.1', 0);
    expect(trust).toHaveBeenCalledTimes(2 + 1_024 + 1);
    const tooLong = 'f'.repeat(100);
    remembered(tooLong, 0);
    remembered(tooLong, 0);
    expect(trust).toHaveBeenCalledTimes(2 + 1_024 + 1 + 2);
  });
});
