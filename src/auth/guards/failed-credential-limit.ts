import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Request, Response } from 'express';
import { clientKey } from '@/common/http/client-address';
import { rateLimitExceeded } from '@/common/rate-limit/rate-limit.guard';
import { WindowStorage } from '@/common/rate-limit/window-storage';
import { limitsConfig } from '@/config/limits.config';

/** A client may be answered 401 on admin routes this often per window before it must wait. */
const FAILURES_ALLOWED = 10;
const WINDOW_MS = 60_000;

/**
 * Throttles guessing: a client whose admin requests were answered 401 ten times within a minute
 * gets 429 on admin routes until that minute is over, even with a good credential. Counted where
 * the other limits count (Redis across instances), per normalised client address.
 */
@Injectable()
export class FailedCredentialLimit {
  constructor(
    private readonly storage: WindowStorage,
    @Inject(limitsConfig.KEY) private readonly limits: ConfigType<typeof limitsConfig>,
  ) {}

  /** 429 with Retry-After while the client's failures of this window are used up. */
  async refuseIfExhausted(request: Request, response: Response): Promise<void> {
    if (!this.limits.rateLimitEnabled) return;
    const window = await this.storage.peek(keyOf(request), WINDOW_MS, FAILURES_ALLOWED);
    if (!window || window.totalHits < FAILURES_ALLOWED) return;
    response.setHeader('Retry-After', window.timeToBlockExpire);
    throw rateLimitExceeded();
  }

  async recordFailure(request: Request): Promise<void> {
    if (this.limits.rateLimitEnabled) await this.storage.increment(keyOf(request), WINDOW_MS, FAILURES_ALLOWED);
  }
}

const keyOf = (request: Request): string => `admin-credentials:failed:${clientKey(request.ip)}`;
