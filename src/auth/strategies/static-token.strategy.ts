import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { authConfig } from '@/config/auth.config';
import { bearerTokenOf } from '@/auth/bearer-token';
import { type Principal, STATIC_ADMIN } from '@/auth/principal';

export const STATIC_TOKEN_STRATEGY = 'static-token';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** API_ADMIN_TOKEN, compared in constant time; an empty setting never matches. */
@Injectable()
export class StaticTokenStrategy extends PassportStrategy(Strategy, STATIC_TOKEN_STRATEGY) {
  private readonly expected: Buffer | null;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    super();
    this.expected = config.adminToken ? digest(config.adminToken) : null;
  }

  validate(request: Request): Principal | null {
    const token = bearerTokenOf(request);
    return token !== undefined && this.matches(token) ? STATIC_ADMIN : null;
  }

  /** Comparing fixed-length digests keeps the token's length from leaking through timing too. */
  matches(token: string): boolean {
    return this.expected !== null && timingSafeEqual(digest(token), this.expected);
  }
}
