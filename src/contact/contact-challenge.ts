import { createHash } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { Challenge, Solution } from 'altcha-lib/types';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { WindowStorage } from '@/common/rate-limit/window-storage';
import { contactConfig } from '@/config/contact.config';

/** How long a challenge may be solved and sent in. */
const CHALLENGE_TTL_MS = 10 * 60_000;

/** The solution is a counter between these: a browser finds it in about a second, a script sending many pays as much each time. */
const COUNTER_RANGE = { min: 20_000, max: 200_000 } as const;

const ALGORITHM = 'SHA-256';

const refused = (msg: string, type: string) => RequestValidationException.single(['body', 'altcha'], msg, type);

/**
 * The contact form's optional proof-of-work challenge (CONTACT_CHALLENGE=altcha), made and
 * checked with altcha-lib: signed with CONTACT_CHALLENGE_KEY (so any instance checks any
 * instance's), valid for CHALLENGE_TTL_MS, and spent once across instances (its signature counts
 * in the shared limit storage; while that is down, a message with one is 503, not taken once per
 * instance). altcha-lib loads with the first challenge.
 */
@Injectable()
export class ContactChallenge {
  constructor(
    @Inject(contactConfig.KEY) private readonly config: ConfigType<typeof contactConfig>,
    private readonly spent: WindowStorage,
  ) {}

  get required(): boolean {
    return this.config.challengeKey !== undefined;
  }

  async create(): Promise<Challenge> {
    const key = this.keyOrNotFound();
    const [{ createChallenge, randomInt }, { deriveKey }] = await loadAltcha();
    return createChallenge({
      algorithm: ALGORITHM,
      cost: 1,
      counter: randomInt(COUNTER_RANGE.max, COUNTER_RANGE.min),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      hmacSignatureSecret: key,
    });
  }

  /** 422 at `altcha` unless the payload (the widget's base64 JSON of `{ challenge, solution }`) solves a live challenge not spent before. */
  async verify(payload: string | undefined): Promise<void> {
    const key = this.config.challengeKey;
    if (key === undefined) return;
    if (!payload) throw refused('Field required: the solution of GET /api/contact/challenge', 'missing');
    const solved = parsePayload(payload);
    if (!solved) throw refused('Input should be the base64 JSON of { challenge, solution }', 'altcha_invalid');
    const [{ verifySolution }, { deriveKey }] = await loadAltcha();
    const result = await verifySolution({ ...solved, deriveKey, hmacSignatureSecret: key });
    if (!result.verified)
      throw refused(result.expired ? 'The challenge expired; ask for a new one' : 'The challenge is not solved', 'altcha_invalid');
    const once = createHash('sha256')
      .update(solved.challenge.signature ?? '')
      .digest('base64url');
    if (!(await this.spent.firstUse(`contact-challenge:${once}`, CHALLENGE_TTL_MS)))
      throw refused('This challenge was spent already; ask for a new one', 'altcha_invalid');
  }

  private keyOrNotFound(): string {
    if (this.config.challengeKey === undefined)
      throw new NotFoundException({ detail: 'The contact form asks no challenge (CONTACT_CHALLENGE is off)' });
    return this.config.challengeKey;
  }
}

const loadAltcha = () => Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/sha')]);

function parsePayload(payload: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const { challenge, solution } = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    const shaped =
      typeof challenge?.parameters === 'object' && typeof challenge.signature === 'string' && typeof solution?.counter === 'number';
    return shaped ? { challenge: challenge, solution: solution } : undefined;
  } catch {
    return undefined;
  }
}
