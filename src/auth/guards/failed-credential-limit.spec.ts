import { ForbiddenException, type HttpException, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MemoryThrottlerStorage } from '@/common/rate-limit/memory-throttler.storage';
import { FailedCredentialLimit } from './failed-credential-limit';

describe('FailedCredentialLimit', () => {
  let now: number;
  let headers: Map<string, unknown>;
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  } as unknown as Response;
  const client = { ip: '203.0.113.9' } as Request;
  const limitWith = (rateLimitEnabled: boolean) =>
    new FailedCredentialLimit(new MemoryThrottlerStorage(() => now), { rateLimitEnabled, readModelMaxBytes: 0 });
  const statusOf = (limit: FailedCredentialLimit, check: () => Promise<unknown>) =>
    limit.check(client, response, check).then(
      () => 200,
      (error: HttpException) => error.getStatus(),
    );
  const wrongBearer = async () => {
    headers.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    throw new UnauthorizedException();
  };
  const goodBearer = async () => true;

  beforeEach(() => {
    now = 1_000_000;
    headers = new Map();
  });

  it('answers ten failures with 401, then 429 until the minute that began with the first is over', async () => {
    const limit = limitWith(true);
    expect(await statusOf(limit, wrongBearer)).toBe(401);
    now += 40_000;
    for (let i = 1; i < 10; i += 1) expect(await statusOf(limit, wrongBearer)).toBe(401);
    expect(await statusOf(limit, goodBearer)).toBe(429);
    expect(headers.get('Retry-After')).toBe(20);
    now += 19_999;
    expect(await statusOf(limit, goodBearer)).toBe(429);
    now += 1;
    expect(await statusOf(limit, goodBearer)).toBe(200);
  });

  it('counts first and decides after: of a hundred wrong bearers at once, ten are answered 401, without a challenge on the 429s', async () => {
    const limit = limitWith(true);
    const statuses = await Promise.all(Array.from({ length: 100 }, () => statusOf(limit, wrongBearer)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    expect(headers.has('WWW-Authenticate')).toBe(false);
  });

  it('counts only 401s: a valid credential without admin rights (403) costs nothing', async () => {
    const limit = limitWith(true);
    const notAnAdmin = async () => {
      throw new ForbiddenException();
    };
    for (let i = 0; i < 20; i += 1) expect(await statusOf(limit, notAnAdmin)).toBe(403);
    expect(await statusOf(limit, goodBearer)).toBe(200);
  });

  it('counts nothing when rate limits are switched off for a benchmark', async () => {
    const limit = limitWith(false);
    for (let i = 0; i < 20; i += 1) expect(await statusOf(limit, wrongBearer)).toBe(401);
    expect(await statusOf(limit, goodBearer)).toBe(200);
  });
});
