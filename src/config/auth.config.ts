import { registerAs } from '@nestjs/config';
import { IsOptional, IsString, IsUrl, IsUUID, Matches, MinLength } from 'class-validator';
import { validateConfig } from './validate-config';

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

class AuthEnvironment {
  /** Long enough that guessing it is hopeless, even before failed credentials are throttled. */
  @IsOptional()
  @IsString()
  @MinLength(32, {
    message: 'API_ADMIN_TOKEN must be at least 32 characters (make one with `openssl rand -base64 32`), or empty to accept no static token',
  })
  readonly API_ADMIN_TOKEN?: string;

  @IsOptional()
  @Matches(/^[\w.-]+$/, { message: 'AZURE_TENANT_ID must be a tenant id or domain' })
  readonly AZURE_TENANT_ID?: string;

  @IsOptional()
  @IsUUID('all', { message: 'AZURE_API_CLIENT_ID must be a UUID' })
  readonly AZURE_API_CLIENT_ID?: string;

  @IsOptional()
  @IsUUID('all', { message: 'ADMIN_GROUP_ID must be a UUID' })
  readonly ADMIN_GROUP_ID?: string;

  @IsOptional()
  @IsString()
  readonly AZURE_CLIENT_SECRET?: string;

  @IsUrl(URL_OPTIONS, { message: 'AUTH_AUTHORITY_HOST must be an http(s) URL' })
  readonly AUTH_AUTHORITY_HOST: string = 'https://login.microsoftonline.com';

  @IsUrl(URL_OPTIONS, { message: 'GRAPH_BASE_URL must be an http(s) URL' })
  readonly GRAPH_BASE_URL: string = 'https://graph.microsoft.com/v1.0';
}

export interface EntraConfig {
  clientId: string;
  issuer: string;
  jwksUrl: string;
  tokenUrl: string;
  adminGroupId: string | undefined;
  clientSecret: string | undefined;
  graphBaseUrl: string;
}

export interface AuthConfig {
  /** Empty: no static token ever matches. */
  adminToken: string;
  /** Unset unless both tenant and client id are: JWTs are then not accepted. */
  entra: EntraConfig | undefined;
}

export const authConfig = registerAs('auth', (): AuthConfig => {
  const env = validateConfig(process.env, AuthEnvironment);
  const authority = `${env.AUTH_AUTHORITY_HOST.replace(/\/+$/, '')}/${env.AZURE_TENANT_ID}`;
  return {
    adminToken: env.API_ADMIN_TOKEN ?? '',
    entra:
      env.AZURE_TENANT_ID && env.AZURE_API_CLIENT_ID
        ? {
            clientId: env.AZURE_API_CLIENT_ID,
            issuer: `${authority}/v2.0`,
            jwksUrl: `${authority}/discovery/v2.0/keys`,
            tokenUrl: `${authority}/oauth2/v2.0/token`,
            adminGroupId: env.ADMIN_GROUP_ID,
            clientSecret: env.AZURE_CLIENT_SECRET,
            graphBaseUrl: env.GRAPH_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
  };
});
