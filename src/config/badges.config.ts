import { registerAs } from '@nestjs/config';
import { IsOptional, IsString, IsUrl, Matches } from 'class-validator';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

const URL_OPTIONS = { require_tld: false, protocols: ['http', 'https'], require_protocol: true };

class BadgesEnvironment {
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]+$/, { message: 'CREDLY_USERNAME must be a Credly profile name' })
  readonly CREDLY_USERNAME?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'MS_LEARN_SHARE_ID must be a transcript sharing id' })
  readonly MS_LEARN_SHARE_ID?: string;

  /** Comma-separated hosted Open Badges 2.0 assertion URLs. */
  @IsOptional()
  @IsString()
  @Matches(/^\s*https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*\s*$/, {
    message: 'OPEN_BADGES_ASSERTION_URLS must be a comma-separated list of http(s) URLs',
  })
  readonly OPEN_BADGES_ASSERTION_URLS?: string;

  @IsUrl(URL_OPTIONS, { message: 'CREDLY_BASE_URL must be a URL' })
  readonly CREDLY_BASE_URL: string = 'https://www.credly.com';

  @IsUrl(URL_OPTIONS, { message: 'MS_LEARN_BASE_URL must be a URL' })
  readonly MS_LEARN_BASE_URL: string = 'https://learn.microsoft.com';

  /** How long a provider may take to answer before it is skipped and reported. */
  @EnvInteger(1, 600_000)
  readonly BADGE_PROVIDER_TIMEOUT_MS: number = 10_000;
}

export interface BadgesConfig {
  credly: { baseUrl: string; username: string | undefined };
  microsoftLearn: { baseUrl: string; shareId: string | undefined };
  openBadges: { assertionUrls: string[] };
  timeoutMs: number;
}

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

export const badgesConfig = registerAs('badges', (): BadgesConfig => {
  const env = validateConfig(process.env, BadgesEnvironment);
  return {
    credly: { baseUrl: withoutTrailingSlash(env.CREDLY_BASE_URL), username: env.CREDLY_USERNAME },
    microsoftLearn: { baseUrl: withoutTrailingSlash(env.MS_LEARN_BASE_URL), shareId: env.MS_LEARN_SHARE_ID },
    openBadges: {
      assertionUrls: (env.OPEN_BADGES_ASSERTION_URLS ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    },
    timeoutMs: env.BADGE_PROVIDER_TIMEOUT_MS,
  };
});
