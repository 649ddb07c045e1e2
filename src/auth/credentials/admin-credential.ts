/** The admin a verified credential belongs to. */
export interface Principal {
  id: string;
  email: string | null;
  name: string | null;
  role: 'admin';
}

/**
 * A verifier's judgement of one bearer token: it is an admin's, it is valid but not an admin's
 * (403), or this verifier does not recognise it (the next one is asked; 401 if none does).
 */
export type CredentialVerdict =
  | { outcome: 'admin'; principal: Principal }
  | { outcome: 'forbidden' }
  | { outcome: 'unrecognised' };

export interface CredentialVerifier {
  verify(token: string): Promise<CredentialVerdict>;
}

/** The verifiers the admin guard asks, in order. */
export const CREDENTIAL_VERIFIERS = Symbol('CREDENTIAL_VERIFIERS');

export const UNRECOGNISED: CredentialVerdict = { outcome: 'unrecognised' };
