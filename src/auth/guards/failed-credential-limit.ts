import { Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Request, Response } from 'express';
import { clientKey } from '@/common/http/client-address';
import { rateLimitExceeded } from '@/common/rate-limit/rate-limit.guard';
import { WindowStorage } from '@/common/rate-limit/window-storage';
import { limitsConfig } from '@/config/limits.config';

/** A client may be answered 401 this often per window before it must wait. */
const FAILURES_ALLOWED = 10;
const WINDOW_MS = 60_000;

/**
 * Throttles guessing: a client whose credential checks failed (401, or 503 for a bearer that could
 * not be vouched for) ten times within a minute gets
 * 429 on the routes that check one until that minute is over, even with a good credential.
 * Counted where the other limits count (Redis across instances, or this instance's memory while
 * Redis is down), per normalised client address. A failure is counted first and decided on after,
 * in one atomic step: however many wrong bearers arrive at once, at most ten are answered 401.
 */
@Injectable()
export class FailedCredentialLimit {
  private readonly logger = new Logger(FailedCredentialLimit.name);

  constructor(
    private readonly storage: WindowStorage,
    @Inject(limitsConfig.KEY) private readonly limits: ConfigType<typeof limitsConfig>,
  ) {}

  /** Runs a credential check for the client, unless its failures are used up; a failure of the check counts. */
  async check<T>(request: Request, response: Response, credentialCheck: () => Promise<T>): Promise<T> {
    if (!this.limits.rateLimitEnabled) return credentialCheck();
    const key = keyOf(request);
    const window = await this.storage.peek(key, WINDOW_MS, FAILURES_ALLOWED);
    if (window && window.totalHits >= FAILURES_ALLOWED) refuse(response, window.timeToBlockExpire);
    try {
      return await credentialCheck();
    } catch (error) {
      // A bearer no check accepted counts, also when one could not finish (503: an explorer token's
      // key out of reach): the static token was compared all the same, and guessing must stay bounded.
      if (!(error instanceof UnauthorizedException || error instanceof ServiceUnavailableException)) throw error;
      const failures = await this.storage.increment(key, WINDOW_MS, FAILURES_ALLOWED);
      // Once per client and window, on whichever instance counted the failure that began it.
      if (failures.totalHits === FAILURES_ALLOWED) {
        const until = new Date(Date.now() + failures.timeToExpire * 1000).toISOString();
        this.logger.warn({ event: 'credential_lockout', client: clientKey(request.ip), failures: FAILURES_ALLOWED, until });
      }
      if (failures.isBlocked) refuse(response, failures.timeToBlockExpire);
      throw error;
    }
  }
}

function refuse(response: Response, retryAfterSeconds: number): never {
  response.removeHeader('WWW-Authenticate');
  response.setHeader('Retry-After', retryAfterSeconds);
  throw rateLimitExceeded();
}

const keyOf = (request: Request): string => `admin-credentials:failed:${clientKey(request.ip)}`;
