import { Injectable } from '@nestjs/common';
import type { ExplorerTokenDto } from '@/auth/dto/explorer-token.dto';
import { ExplorerTokenSigner } from './explorer-token-signer';

const GUEST_LIFETIME_SECONDS = 3600;

@Injectable()
export class ExplorerTokenService {
  constructor(private readonly signer: ExplorerTokenSigner) {}

  /** An admin's bearer is echoed with role admin; without one, a new guest token for an hour. */
  async issue(adminBearer: string | undefined): Promise<ExplorerTokenDto> {
    if (adminBearer !== undefined) return { token: adminBearer, role: 'admin' };
    return { token: await this.signer.issue(GUEST_LIFETIME_SECONDS), role: 'guest', expiresIn: GUEST_LIFETIME_SECONDS };
  }
}
