import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { authConfig } from '@/config/auth.config';
import { type CredentialVerdict, type CredentialVerifier, type Principal, UNRECOGNISED } from './admin-credential';
import { GraphGroupMembership } from './graph-group-membership';

interface EntraClaims extends JWTPayload {
  oid?: string;
  name?: string;
  email?: string;
  preferred_username?: string;
  groups?: string[];
  hasgroups?: boolean;
  _claim_names?: { groups?: string };
}

const CLOCK_SKEW_SECONDS = 60;
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * A Microsoft Entra ID v2.0 access token: RS256 only, a key from the tenant's JWKS (cached,
 * refetched on an unknown kid at most every 30 s), issuer, audience, expiry and not-before with
 * 60 s of skew, then membership of ADMIN_GROUP_ID. Why a token failed goes to the log, never
 * to the caller.
 */
@Injectable()
export class EntraJwtVerifier implements CredentialVerifier {
  private readonly logger = new Logger(EntraJwtVerifier.name);
  private readonly keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
    private readonly directory: GraphGroupMembership,
  ) {
    const entra = config.entra;
    this.keys = entra && createRemoteJWKSet(new URL(entra.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 });
  }

  async verify(token: string): Promise<CredentialVerdict> {
    const entra = this.config.entra;
    if (!entra || !this.keys || !JWT_SHAPE.test(token)) return UNRECOGNISED;
    let claims: EntraClaims;
    try {
      ({ payload: claims } = await jwtVerify<EntraClaims>(token, this.keys, {
        algorithms: ['RS256'],
        issuer: entra.issuer,
        audience: [entra.clientId, `api://${entra.clientId}`],
        clockTolerance: CLOCK_SKEW_SECONDS,
        requiredClaims: ['exp', 'oid'],
      }));
    } catch (error) {
      this.logger.warn({ event: 'jwt_rejected', reason: (error as { code?: string }).code ?? String(error) });
      return UNRECOGNISED;
    }
    if (!(await this.isAdmin(claims))) {
      this.logger.warn({ event: 'jwt_not_admin', oid: claims.oid });
      return { outcome: 'forbidden' };
    }
    return { outcome: 'admin', principal: principalOf(claims) };
  }

  private async isAdmin(claims: EntraClaims): Promise<boolean> {
    const groupId = this.config.entra?.adminGroupId;
    if (!groupId) return false;
    if (Array.isArray(claims.groups)) return claims.groups.includes(groupId);
    const overflowed = claims.hasgroups === true || claims._claim_names?.groups !== undefined;
    return overflowed && this.directory.isMember(claims.oid!, groupId);
  }
}

function principalOf(claims: EntraClaims): Principal {
  return {
    id: claims.oid!,
    email: claims.email ?? claims.preferred_username ?? null,
    name: claims.name ?? null,
    role: 'admin',
  };
}
