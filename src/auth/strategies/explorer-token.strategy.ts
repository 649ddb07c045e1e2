import { ForbiddenException, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { bearerTokenOf } from '@/auth/bearer-token';
import { couldBeExplorerToken, ExplorerTokenSigner } from '@/auth/explorer/explorer-token-signer';

export const EXPLORER_TOKEN_STRATEGY = 'explorer-token';

/**
 * A live guest explorer token is a valid credential without admin rights: 403, not 401. Only a
 * bearer of the tokens' shape needs the signing key, so a wrong bearer is 401 even while an
 * instance cannot get the key.
 */
@Injectable()
export class ExplorerTokenStrategy extends PassportStrategy(Strategy, EXPLORER_TOKEN_STRATEGY) {
  constructor(private readonly tokens: ExplorerTokenSigner) {
    super();
  }

  async validate(request: Request): Promise<null> {
    const token = bearerTokenOf(request);
    if (token !== undefined && couldBeExplorerToken(token) && (await this.tokens.isValid(token))) {
      throw new ForbiddenException({ detail: 'Admin rights required' });
    }
    return null;
  }
}
