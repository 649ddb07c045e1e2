import { registerAs } from '@nestjs/config';
import { isIP } from 'node:net';
import { IsIn, IsOptional, IsUrl, ValidateBy } from 'class-validator';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be false, true, a number of proxies (1 behind one proxy), or proxy addresses or subnets such as loopback, 10.0.0.0/8';

/** The names Express (proxy-addr) knows for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isSubnet(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) ? Number(prefix) <= bits : isIP(prefix) === 4;
}

/** What Express accepts as `trust proxy`, checked here so that a typo names the variable instead of failing inside Express. */
function isTrustProxy(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value === 'true' || value === 'false' || /^\d+$/.test(value)) return true;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every((entry) => NAMED_RANGES.has(entry) || isSubnet(entry));
}

class AppEnvironment {
  @EnvInteger(1, 65535)
  readonly PORT: number = 8000;

  @IsIn(['dev', 'prod'], { message: 'APP_ENV must be dev or prod' })
  readonly APP_ENV: 'dev' | 'prod' = 'dev';

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  readonly LOG_LEVEL: LogLevel = 'info';

  /** Express `trust proxy`: false, true, a hop count or a list of addresses/subnets. */
  @ValidateBy({ name: 'isTrustProxy', validator: { validate: isTrustProxy } }, { message: TRUST_PROXY_MESSAGE })
  readonly TRUST_PROXY: string = 'false';

  /** Prometheus metrics on their own port, never the public one; unset = no exporter. */
  @IsOptional()
  @EnvInteger(1, 65535)
  readonly METRICS_PORT?: number;

  @IsUrl({ require_tld: false }, { message: 'OPENAPI_SERVER_PROD must be a URL' })
  readonly OPENAPI_SERVER_PROD: string = 'https://api.example.com';

  @IsUrl({ require_tld: false }, { message: 'OPENAPI_SERVER_DEV must be a URL' })
  readonly OPENAPI_SERVER_DEV: string = 'https://dev-api.example.com';

  /** After SIGTERM, how long requests being answered get: longer than a contact mail may take. */
  @EnvInteger(0, 600_000)
  readonly SHUTDOWN_GRACE_MS: number = 25_000;
}

export interface AppConfig {
  port: number;
  environment: 'dev' | 'prod';
  logLevel: LogLevel;
  trustProxy: boolean | number | string;
  openApiServers: { production: string; dev: string };
  metricsPort: number | undefined;
  shutdownGraceMs: number;
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export const appConfig = registerAs('app', (): AppConfig => {
  const env = validateConfig(process.env, AppEnvironment);
  return {
    port: env.PORT,
    environment: env.APP_ENV,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    openApiServers: { production: env.OPENAPI_SERVER_PROD, dev: env.OPENAPI_SERVER_DEV },
    metricsPort: env.METRICS_PORT,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
});
