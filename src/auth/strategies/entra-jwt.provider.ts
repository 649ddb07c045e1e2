import type { Provider } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { authConfig } from '@/config/auth.config';
import { bearerTokenOf } from '@/auth/bearer-token';
import { GraphGroupMembership } from '@/auth/graph-group-membership';
import { ENTRA_JWT_STRATEGY } from './entra-jwt.name';
import { NotAnEntraToken } from './entra-signing-keys';

/**
 * Without a tenant no credential is an Entra ID token: it fails as passport-jwt failed then (no
 * token, or one it passed on unread), and the guards go on to their next strategy.
 */
class NoEntraIdStrategy extends PassportStrategy(Strategy, ENTRA_JWT_STRATEGY) {
  validate(request: Request): [false, Error] {
    return [false, bearerTokenOf(request) ? new NotAnEntraToken('Entra ID is not configured') : new Error('No auth token')];
  }
}

/**
 * The Entra ID strategy, registered under its name whatever the configuration (the admin guards
 * name it among theirs); passport-jwt and jsonwebtoken are loaded only when a tenant is
 * configured (AZURE_TENANT_ID and AZURE_API_CLIENT_ID).
 */
export const entraJwtStrategy: Provider = {
  provide: ENTRA_JWT_STRATEGY,
  inject: [authConfig.KEY, GraphGroupMembership],
  useFactory: async ({ entra }: ConfigType<typeof authConfig>, directory: GraphGroupMembership) => {
    if (!entra) return new NoEntraIdStrategy();
    const { EntraJwtStrategy } = await import('./entra-jwt.strategy.js');
    return new EntraJwtStrategy(entra, directory);
  },
};
