import { ForbiddenException, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { bearerTokenOf } from '@/auth/bearer-token';
import { couldBeExplorerToken } from '@/auth/explorer/explorer-token-format';
import { ExplorerTokenStore } from '@/auth/explorer/explorer-token.store';

export const EXPLORER_TOKEN_STRATEGY = 'explorer-token';

/**
 * A live guest explorer token is a valid credential without admin rights: 403, not 401. Only a
 * bearer of the tokens' shape is looked up, so a wrong bearer is 401 even while the store is down.
 */
@Injectable()
export class ExplorerTokenStrategy extends PassportStrategy(Strategy, EXPLORER_TOKEN_STRATEGY) {
  constructor(private readonly store: ExplorerTokenStore) {
    super();
  }

  async validate(request: Request): Promise<null> {
    const token = bearerTokenOf(request);
    if (token !== undefined && couldBeExplorerToken(token) && (await this.store.isValid(token))) {
      throw new ForbiddenException({ detail: 'Admin rights required' });
    }
    return null;
  }
}
