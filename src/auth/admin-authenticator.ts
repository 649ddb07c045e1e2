import { Inject, Injectable } from '@nestjs/common';
import { CREDENTIAL_VERIFIERS, type CredentialVerdict, type CredentialVerifier, UNRECOGNISED } from './credentials/admin-credential';

/** Asks each credential verifier in turn (static token, then JWT, then guest token); the first verdict wins. */
@Injectable()
export class AdminAuthenticator {
  constructor(@Inject(CREDENTIAL_VERIFIERS) private readonly verifiers: CredentialVerifier[]) {}

  async authenticate(token: string): Promise<CredentialVerdict> {
    for (const verifier of this.verifiers) {
      const verdict = await verifier.verify(token);
      if (verdict.outcome !== 'unrecognised') return verdict;
    }
    return UNRECOGNISED;
  }
}
