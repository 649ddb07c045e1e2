import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { authConfig } from '@/config/auth.config';
import { type CredentialVerdict, type CredentialVerifier, UNRECOGNISED } from './admin-credential';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** API_ADMIN_TOKEN, compared in constant time; an empty setting never matches. */
@Injectable()
export class StaticTokenVerifier implements CredentialVerifier {
  private readonly expected: Buffer | null;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    this.expected = config.adminToken ? digest(config.adminToken) : null;
  }

  async verify(token: string): Promise<CredentialVerdict> {
    return this.matches(token)
      ? { outcome: 'admin', principal: { id: 'static-admin-token', email: null, name: 'Static admin token', role: 'admin' } }
      : UNRECOGNISED;
  }

  /** Comparing fixed-length digests keeps the token's length from leaking through timing too. */
  matches(token: string): boolean {
    return this.expected !== null && timingSafeEqual(digest(token), this.expected);
  }
}
