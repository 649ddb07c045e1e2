import type { Request } from 'express';
import { StaticTokenStrategy } from './static-token.strategy';

const withBearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as Request;

describe('StaticTokenStrategy', () => {
  it('recognises exactly the configured token', () => {
    const strategy = new StaticTokenStrategy({ adminToken: 's3cret-token', entra: undefined });
    expect(strategy.validate(withBearer('s3cret-token'))).toMatchObject({ role: 'admin' });
    for (const other of ['s3cret-toke', 's3cret-token0', 'S3CRET-TOKEN', '']) {
      expect(strategy.validate(withBearer(other))).toBeNull();
    }
  });

  it('never matches when no token is configured', () => {
    const strategy = new StaticTokenStrategy({ adminToken: '', entra: undefined });
    expect(strategy.matches('')).toBe(false);
    expect(strategy.matches('anything')).toBe(false);
  });
});
