import type { Request } from 'express';
import type { Strategy } from 'passport';

/** How a passport strategy ended one attempt: a user, a failure (no credential it accepts), or an error. */
export type Attempt = { user: unknown } | { failed: true } | { error: unknown };

/**
 * One authentication attempt of a strategy, as passport makes it: a copy of the strategy given the
 * request and the three ways it can end (success, fail, error); no HTTP, no guard.
 */
export function attempt(strategy: Strategy, request: Partial<Request>): Promise<Attempt> {
  return new Promise((resolve) => {
    const once = Object.assign(Object.create(strategy) as Pick<Strategy, 'authenticate'>, {
      success: (user: unknown) => resolve({ user }),
      fail: () => resolve({ failed: true }),
      error: (error: unknown) => resolve({ error }),
      pass: () => resolve({ failed: true }),
      redirect: () => resolve({ failed: true }),
    });
    strategy.authenticate.call(once as never, request as Request, {});
  });
}

/** A request that carries this bearer token, as a strategy reads it. */
export const bearing = (token: string): Partial<Request> => ({ headers: { authorization: `Bearer ${token}` }, requestId: 'attempt' });
