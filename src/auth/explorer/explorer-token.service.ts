import { Injectable } from '@nestjs/common';
import type { ExplorerTokenDto } from '@/auth/dto/explorer-token.dto';
import { newExplorerToken } from './explorer-token-format';
import { ExplorerTokenStore } from './explorer-token.store';

const GUEST_LIFETIME_SECONDS = 3600;

@Injectable()
export class ExplorerTokenService {
  constructor(private readonly store: ExplorerTokenStore) {}

  /** An admin's bearer is echoed with role admin; without one, a new guest token for an hour. */
  async issue(adminBearer: string | undefined): Promise<ExplorerTokenDto> {
    if (adminBearer !== undefined) return { token: adminBearer, role: 'admin' };
    const token = newExplorerToken();
    await this.store.save(token, GUEST_LIFETIME_SECONDS * 1000);
    return { token, role: 'guest', expiresIn: GUEST_LIFETIME_SECONDS };
  }
}
