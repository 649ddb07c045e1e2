import { KeyObject } from 'node:crypto';
import type { Request } from 'express';
import type { EntraConfig } from '@/config/auth.config';

/** Why a token was passed on without being checked: it is not a JWT, or no Entra ID tenant is configured. */
export class NotAnEntraToken extends Error {}

type KeyCallback = (error: Error | null, key?: string) => void;
export type SigningKeyProvider = (request: Request, rawToken: string, done: KeyCallback) => void;

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * passport-jwt's key source: the tenant's JWKS through jose's remote key set, which caches the
 * keys for an hour and refetches on an unknown `kid` at most every 30 s (jose is loaded with the
 * first token to check). It picks only keys
 * that fit the token's algorithm, so a token that is not RS256 finds no key. A token whose
 * header names critical extensions (`crit`) gets no key either: RFC 7515 requires refusing
 * one that names an extension the recipient does not understand, and this service understands none
 * (jsonwebtoken, which checks the signature, ignores `crit`).
 */
export function entraSigningKeys(entra: EntraConfig): SigningKeyProvider {
  let jose: ReturnType<typeof loadJose> | undefined;
  return (_request, rawToken, done) => {
    if (!JWT_SHAPE.test(rawToken)) return done(new NotAnEntraToken('Not a JWT'));
    (jose ??= loadJose(entra))
      .then(({ keySet, decodeProtectedHeader }) => {
        const header = decodeProtectedHeader(rawToken);
        if (header.crit !== undefined) throw new Error(`critical header extensions are not supported: ${String(header.crit)}`);
        return keySet(header);
      })
      .then((key) => done(null, KeyObject.from(key).export({ type: 'spki', format: 'pem' }).toString()))
      .catch((error: Error) => done(error));
  };
}

const loadJose = async ({ jwksUrl }: EntraConfig) => {
  const { createRemoteJWKSet, decodeProtectedHeader } = await import('jose');
  return { keySet: createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 3_600_000 }), decodeProtectedHeader };
};
