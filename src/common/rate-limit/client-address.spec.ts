import { clientKeyOf } from './client-address';

describe('clientKeyOf', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('keys %s as %s', (address, key) => {
    expect(clientKeyOf(address)).toBe(key);
  });

  it('puts every address of one /64 under one key', () => {
    expect(clientKeyOf('2001:db8:aa:bb:1::1')).toBe(clientKeyOf('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(clientKeyOf('2001:db8:aa:bb::1')).not.toBe(clientKeyOf('2001:db8:aa:bc::1'));
  });
});
