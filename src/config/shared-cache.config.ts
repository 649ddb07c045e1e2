import { applyDecorators } from '@nestjs/common';
import { registerAs } from '@nestjs/config';
import { IsIn, IsOptional, IsString, IsUrl, Matches, MinLength, ValidateIf } from 'class-validator';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

export const CDN_PURGES = ['varnish', 'cloudflare', 'fastly', 'azure-front-door'] as const;
export type CdnPurgeKind = (typeof CDN_PURGES)[number];

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };
const purgeIs = (kind: CdnPurgeKind) => (env: SharedCacheEnvironment) => env.CDN_PURGE === kind;

/** A credential that must be given (not empty) with CDN_PURGE=`kind`, and is not read otherwise. */
function RequiredWith(kind: CdnPurgeKind): PropertyDecorator {
  const message = ({ property }: { property: string }) => `${property} is required with CDN_PURGE=${kind}`;
  return applyDecorators(ValidateIf(purgeIs(kind)), IsString({ message }), MinLength(1, { message }));
}

class SharedCacheEnvironment {
  /** How long a shared cache may keep a public read (s-maxage) while a purge is configured. */
  @EnvInteger(1, 365 * 24 * 60 * 60)
  readonly SHARED_CACHE_MAX_AGE: number = 300;

  @IsOptional()
  @IsIn(CDN_PURGES, { message: `CDN_PURGE must be one of ${CDN_PURGES.join(', ')}` })
  readonly CDN_PURGE?: CdnPurgeKind;

  /** Varnish: where its PURGE requests go. The others: their API's address, when it is not the public one (a stand-in). */
  @ValidateIf((env: SharedCacheEnvironment) => env.CDN_PURGE === 'varnish' || env.CDN_PURGE_URL !== undefined)
  @IsUrl(URL_OPTIONS, { message: 'CDN_PURGE_URL must be an http(s) URL (required with CDN_PURGE=varnish)' })
  readonly CDN_PURGE_URL?: string;

  /** Varnish: what its PURGE requests carry (`Authorization: Bearer …`), the same token deploy/varnish/write-backends.sh writes into the VCL. */
  @ValidateIf(purgeIs('varnish'))
  @Matches(/^[A-Za-z0-9+/=_-]{32,}$/, {
    message: 'CDN_PURGE_TOKEN must be at least 32 characters of base64 (openssl rand -base64 32), required with CDN_PURGE=varnish',
  })
  readonly CDN_PURGE_TOKEN?: string;

  @ValidateIf(purgeIs('cloudflare'))
  @Matches(/^[0-9a-f]{32}$/, {
    message: 'CLOUDFLARE_ZONE_ID must be the zone id (32 hexadecimal characters), required with CDN_PURGE=cloudflare',
  })
  readonly CLOUDFLARE_ZONE_ID?: string;

  @RequiredWith('cloudflare')
  readonly CLOUDFLARE_API_TOKEN?: string;

  @ValidateIf(purgeIs('fastly'))
  @Matches(/^[A-Za-z0-9]+$/, { message: 'FASTLY_SERVICE_ID must be the service id (letters and digits), required with CDN_PURGE=fastly' })
  readonly FASTLY_SERVICE_ID?: string;

  @RequiredWith('fastly')
  readonly FASTLY_API_TOKEN?: string;

  /** The Front Door endpoint's resource id: /subscriptions/…/resourceGroups/…/providers/Microsoft.Cdn/profiles/…/afdEndpoints/…. */
  @ValidateIf(purgeIs('azure-front-door'))
  @Matches(/^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/Microsoft\.Cdn\/profiles\/[^/]+\/afdEndpoints\/[^/]+$/i, {
    message:
      "FRONT_DOOR_ENDPOINT_ID must be the endpoint's resource id (/subscriptions/…/afdEndpoints/…), required with CDN_PURGE=azure-front-door",
  })
  readonly FRONT_DOOR_ENDPOINT_ID?: string;

  /** The app registration allowed to purge (CDN Endpoint Contributor), and its secret, in AZURE_TENANT_ID. */
  @RequiredWith('azure-front-door')
  readonly FRONT_DOOR_CLIENT_ID?: string;

  @RequiredWith('azure-front-door')
  readonly FRONT_DOOR_CLIENT_SECRET?: string;

  @ValidateIf(purgeIs('azure-front-door'))
  @Matches(/^[\w.-]+$/, { message: 'AZURE_TENANT_ID is required with CDN_PURGE=azure-front-door' })
  readonly AZURE_TENANT_ID?: string;

  @IsUrl(URL_OPTIONS, { message: 'AUTH_AUTHORITY_HOST must be an http(s) URL' })
  readonly AUTH_AUTHORITY_HOST: string = 'https://login.microsoftonline.com';
}

/** Where a purge goes, with what it needs: one shape per CDN. */
export type CdnPurgeSettings =
  | { kind: 'varnish'; url: string; token: string }
  | { kind: 'cloudflare'; apiUrl: string; zoneId: string; token: string }
  | { kind: 'fastly'; apiUrl: string; serviceId: string; token: string }
  | {
      kind: 'azure-front-door';
      managementUrl: string;
      endpointId: string;
      tenantId: string;
      clientId: string;
      clientSecret: string;
      authorityHost: string;
    };

/** The settings of one CDN's purge. */
export type PurgeSettings<K extends CdnPurgeKind> = Extract<CdnPurgeSettings, { kind: K }>;

export interface SharedCacheConfig {
  /** s-maxage of the public reads while a purge is configured. */
  maxAgeSeconds: number;
  /** Unset: no purge, and public reads stay `public, no-cache`. */
  purge: CdnPurgeSettings | undefined;
}

export const sharedCacheConfig = registerAs('sharedCache', (): SharedCacheConfig => {
  const env = validateConfig(process.env, SharedCacheEnvironment);
  const api = (official: string) => (env.CDN_PURGE_URL ?? official).replace(/\/+$/, '');
  const purge: Record<CdnPurgeKind, () => CdnPurgeSettings> = {
    varnish: () => ({ kind: 'varnish', url: env.CDN_PURGE_URL!, token: env.CDN_PURGE_TOKEN! }),
    cloudflare: () => ({
      kind: 'cloudflare',
      apiUrl: api('https://api.cloudflare.com/client/v4'),
      zoneId: env.CLOUDFLARE_ZONE_ID!,
      token: env.CLOUDFLARE_API_TOKEN!,
    }),
    fastly: () => ({
      kind: 'fastly',
      apiUrl: api('https://api.fastly.com'),
      serviceId: env.FASTLY_SERVICE_ID!,
      token: env.FASTLY_API_TOKEN!,
    }),
    'azure-front-door': () => ({
      kind: 'azure-front-door',
      managementUrl: api('https://management.azure.com'),
      endpointId: env.FRONT_DOOR_ENDPOINT_ID!,
      tenantId: env.AZURE_TENANT_ID!,
      clientId: env.FRONT_DOOR_CLIENT_ID!,
      clientSecret: env.FRONT_DOOR_CLIENT_SECRET!,
      authorityHost: env.AUTH_AUTHORITY_HOST.replace(/\/+$/, ''),
    }),
  };
  return { maxAgeSeconds: env.SHARED_CACHE_MAX_AGE, purge: env.CDN_PURGE && purge[env.CDN_PURGE]() };
});
