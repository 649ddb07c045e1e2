import { StaticTokenVerifier } from './static-token.verifier';

describe('StaticTokenVerifier', () => {
  it('recognises exactly the configured token', async () => {
    const verifier = new StaticTokenVerifier({ adminToken: 's3cret-token', entra: undefined, redisUrl: undefined });
    expect((await verifier.verify('s3cret-token')).outcome).toBe('admin');
    for (const other of ['s3cret-toke', 's3cret-token ', 'S3CRET-TOKEN', '']) {
      expect((await verifier.verify(other)).outcome).toBe('unrecognised');
    }
  });

  it('never matches when no token is configured', async () => {
    const verifier = new StaticTokenVerifier({ adminToken: '', entra: undefined, redisUrl: undefined });
    expect(verifier.matches('')).toBe(false);
    expect(verifier.matches('anything')).toBe(false);
  });
});
