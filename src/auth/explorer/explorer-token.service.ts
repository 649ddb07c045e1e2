import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { AdminAuthenticator } from '../admin-authenticator';
import { challenge } from '../admin.guard';
import type { ExplorerTokenDto } from '../dto/explorer-token.dto';
import { ExplorerTokenStore } from './explorer-token.store';

const GUEST_LIFETIME_SECONDS = 3600;

@Injectable()
export class ExplorerTokenService {
  constructor(
    private readonly store: ExplorerTokenStore,
    private readonly authenticator: AdminAuthenticator,
  ) {}

  /** No bearer: a new guest token. An admin bearer: echoed with role admin. Any other bearer: 401, never a guest fallback. */
  async issue(bearer: string | undefined, response: Response): Promise<ExplorerTokenDto> {
    if (bearer === undefined) {
      const token = randomBytes(32).toString('base64url');
      await this.store.save(token, GUEST_LIFETIME_SECONDS * 1000);
      return { token, role: 'guest', expiresIn: GUEST_LIFETIME_SECONDS };
    }
    if ((await this.authenticator.authenticate(bearer)).outcome !== 'admin') {
      challenge(response, 'Invalid or expired credentials', 'Bearer error="invalid_token"');
    }
    return { token: bearer, role: 'admin' };
  }
}
