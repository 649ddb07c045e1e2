import { registerAs } from '@nestjs/config';
import { IsOptional, IsUrl, Matches } from 'class-validator';
import { validateConfig } from './validate-config';

class SiteEnvironment {
  /** The frontend's public origin: what absolute links in the sitemap, feeds and structured data start with. */
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_query_components: false, allow_fragments: false },
    { message: 'SITE_URL must be an absolute http(s) URL without query or fragment' },
  )
  readonly SITE_URL?: string;

  /** `language=prefix` pairs, comma-separated; a prefix is empty or a path (`/nl`). */
  @IsOptional()
  @Matches(/^[a-z]+=(\/[a-z0-9-]+)*(,[a-z]+=(\/[a-z0-9-]+)*)*$/, {
    message: 'SITE_LANGUAGE_PREFIXES must be language=prefix pairs, comma-separated (e.g. english=,nederlands=/nl)',
  })
  readonly SITE_LANGUAGE_PREFIXES?: string;
}

export interface SiteConfig {
  /** SITE_URL without a trailing slash; unset: the profile's website is the site. */
  url: string | undefined;
  /** The path a language's pages live under on the site, for the languages configured (by name). */
  languagePrefixes: ReadonlyMap<string, string>;
}

export const siteConfig = registerAs('site', (): SiteConfig => {
  const env = validateConfig(process.env, SiteEnvironment);
  return {
    url: env.SITE_URL?.replace(/\/+$/, ''),
    languagePrefixes: new Map((env.SITE_LANGUAGE_PREFIXES?.split(',') ?? []).map((pair) => pair.split('=') as [string, string])),
  };
});
