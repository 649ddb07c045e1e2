import { ForbiddenException, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { bearerTokenOf } from '@/auth/bearer-token';
import { PREVIEW_TOKEN_STRATEGY } from '@/auth/strategies/preview-token.name';
import { PreviewTokens } from './preview-tokens';

/** A live preview token sent as a bearer is a valid credential that reads the draft, and no admin: 403, not 401. */
@Injectable()
export class PreviewTokenStrategy extends PassportStrategy(Strategy, PREVIEW_TOKEN_STRATEGY) {
  constructor(private readonly tokens: PreviewTokens) {
    super();
  }

  async validate(request: Request): Promise<null> {
    const token = bearerTokenOf(request);
    // Without a database no preview token can be checked, or issued: the bearer is then just not valid.
    if (token !== undefined && (await this.tokens.isValid(token).catch(() => false))) {
      throw new ForbiddenException({ detail: 'A preview link reads the draft; it is no admin credential' });
    }
    return null;
  }
}
