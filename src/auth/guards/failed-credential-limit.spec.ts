import type { HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MemoryThrottlerStorage } from '@/common/rate-limit/memory-throttler.storage';
import { FailedCredentialLimit } from './failed-credential-limit';

describe('FailedCredentialLimit', () => {
  let now: number;
  let retryAfter: unknown;
  const response = { setHeader: (_name: string, value: unknown) => (retryAfter = value) } as unknown as Response;
  const client = { ip: '203.0.113.9' } as Request;
  const limitWith = (rateLimitEnabled: boolean) => new FailedCredentialLimit(new MemoryThrottlerStorage(() => now), { rateLimitEnabled });
  const refusal = async (limit: FailedCredentialLimit) =>
    limit.refuseIfExhausted(client, response).then(
      () => null,
      (error: HttpException) => error.getStatus(),
    );

  beforeEach(() => {
    now = 1_000_000;
    retryAfter = undefined;
  });

  it('refuses from the tenth failure until the minute that began with the first is over', async () => {
    const limit = limitWith(true);
    await limit.recordFailure(client);
    now += 40_000;
    for (let i = 1; i < 9; i += 1) await limit.recordFailure(client);
    expect(await refusal(limit)).toBeNull();
    await limit.recordFailure(client);
    expect(await refusal(limit)).toBe(429);
    expect(retryAfter).toBe(20);
    now += 19_999;
    expect(await refusal(limit)).toBe(429);
    now += 1;
    expect(await refusal(limit)).toBeNull();
  });

  it('counts nothing when rate limits are switched off for a benchmark', async () => {
    const limit = limitWith(false);
    for (let i = 0; i < 20; i += 1) await limit.recordFailure(client);
    expect(await refusal(limit)).toBeNull();
  });
});
