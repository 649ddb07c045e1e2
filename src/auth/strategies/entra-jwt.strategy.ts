import { ForbiddenException, Logger } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import type { EntraConfig } from '@/config/auth.config';
import { bearerTokenOf } from '@/auth/bearer-token';
import type { GraphGroupMembership } from '@/auth/graph-group-membership';
import type { Principal } from '@/auth/principal';
import { ENTRA_JWT_STRATEGY } from './entra-jwt.name';
import { entraSigningKeys } from './entra-signing-keys';

interface EntraClaims {
  exp?: number;
  oid?: string;
  name?: string;
  email?: string;
  preferred_username?: string;
  groups?: string[];
  /** Delegated scopes, or application roles: one of them makes it an access token, not an ID token. */
  scp?: string;
  roles?: string[];
  hasgroups?: boolean;
  _claim_names?: { groups?: string };
}

const CLOCK_SKEW_SECONDS = 60;

/**
 * A Microsoft Entra ID v2.0 access token: RS256 only, signed by a key of the tenant's JWKS, with
 * the tenant's issuer, this API as audience (`<id>` or `api://<id>`), exp/nbf within 60 s of skew
 * an `oid`, and `scp` or `roles` (an ID token of the same audience is no credential); then membership of ADMIN_GROUP_ID, through Graph when the groups claim overflowed.
 * A valid token outside the group is 403; Graph unreachable is 503 (fails closed). Made by
 * `entraJwtStrategy` only when a tenant is configured.
 */
export class EntraJwtStrategy extends PassportStrategy(Strategy, ENTRA_JWT_STRATEGY) {
  private readonly logger = new Logger(EntraJwtStrategy.name);

  constructor(
    private readonly entra: EntraConfig,
    private readonly directory: GraphGroupMembership,
  ) {
    super({
      jwtFromRequest: (request: Request) => bearerTokenOf(request) ?? null,
      secretOrKeyProvider: entraSigningKeys(entra),
      algorithms: ['RS256'],
      issuer: entra.issuer,
      audience: [entra.clientId, `api://${entra.clientId}`],
      jsonWebTokenOptions: { clockTolerance: CLOCK_SKEW_SECONDS },
      passReqToCallback: true,
    });
  }

  async validate(request: Request, claims: EntraClaims): Promise<Principal | null> {
    const { requestId } = request;
    // jsonwebtoken checks exp only when present; an access token without one is not accepted.
    if (typeof claims.exp !== 'number' || typeof claims.oid !== 'string') {
      this.logger.warn({ event: 'jwt_rejected', requestId, reason: 'exp or oid claim missing' });
      return null;
    }
    if (!isAccessToken(claims)) {
      this.logger.warn({ event: 'jwt_rejected', requestId, reason: 'not an access token (no scp or roles claim)' });
      return null;
    }
    if (!(await this.isAdmin(claims.oid, claims))) {
      this.logger.warn({ event: 'jwt_not_admin', requestId, oid: claims.oid });
      throw new ForbiddenException({ detail: 'Admin rights required' });
    }
    return {
      id: claims.oid,
      email: claims.email ?? claims.preferred_username ?? null,
      name: claims.name ?? null,
      role: 'admin',
    };
  }

  private async isAdmin(oid: string, claims: EntraClaims): Promise<boolean> {
    const groupId = this.entra.adminGroupId;
    if (!groupId) return false;
    if (Array.isArray(claims.groups)) return claims.groups.includes(groupId);
    const overflowed = claims.hasgroups === true || claims._claim_names?.groups !== undefined;
    return overflowed && this.directory.isMember(oid, groupId);
  }
}

const isAccessToken = ({ scp, roles }: EntraClaims): boolean =>
  (typeof scp === 'string' && scp.length > 0) || (Array.isArray(roles) && roles.length > 0);
