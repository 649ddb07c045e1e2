import { Injectable } from '@nestjs/common';
import { ExplorerTokenStore } from '../explorer/explorer-token.store';
import { type CredentialVerdict, type CredentialVerifier, UNRECOGNISED } from './admin-credential';

/** A live guest explorer token is a valid credential without admin rights. */
@Injectable()
export class ExplorerTokenVerifier implements CredentialVerifier {
  constructor(private readonly store: ExplorerTokenStore) {}

  async verify(token: string): Promise<CredentialVerdict> {
    return (await this.store.isValid(token)) ? { outcome: 'forbidden' } : UNRECOGNISED;
  }
}
