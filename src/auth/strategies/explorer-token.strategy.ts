import { ForbiddenException, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { bearerTokenOf } from '@/auth/bearer-token';
import { ExplorerTokenStore } from '@/auth/explorer/explorer-token.store';

export const EXPLORER_TOKEN_STRATEGY = 'explorer-token';

/** A live guest explorer token is a valid credential without admin rights: 403, not 401. */
@Injectable()
export class ExplorerTokenStrategy extends PassportStrategy(Strategy, EXPLORER_TOKEN_STRATEGY) {
  constructor(private readonly store: ExplorerTokenStore) {
    super();
  }

  async validate(request: Request): Promise<null> {
    const token = bearerTokenOf(request);
    if (token !== undefined && (await this.store.isValid(token))) {
      throw new ForbiddenException({ detail: 'Admin rights required' });
    }
    return null;
  }
}
