import { appConfig } from './app.config';
import { archiveConfig } from './archive.config';
import { authConfig } from './auth.config';
import { badgesConfig } from './badges.config';
import { contactConfig } from './contact.config';
import { contentConfig } from './content.config';
import { cvConfig } from './cv.config';
import { databaseConfig } from './database.config';
import { draftsConfig } from './drafts.config';
import { flagsConfig } from './flags.config';
import { limitsConfig } from './limits.config';
import { mailConfig } from './mail.config';
import { mediaConfig } from './media.config';
import { redisConfig } from './redis.config';
import { sharedCacheConfig } from './shared-cache.config';
import { siteConfig } from './site.config';
import { webhooksConfig } from './webhooks.config';

/** Every concern's configuration; each factory validates its own variables. */
export const CONFIGURATIONS = [
  appConfig,
  archiveConfig,
  authConfig,
  badgesConfig,
  contactConfig,
  contentConfig,
  cvConfig,
  databaseConfig,
  draftsConfig,
  flagsConfig,
  limitsConfig,
  mailConfig,
  mediaConfig,
  redisConfig,
  sharedCacheConfig,
  siteConfig,
  webhooksConfig,
];

/** Throws a ConfigurationError naming the first bad variables of any concern. */
export function assertValidConfiguration(): void {
  for (const load of CONFIGURATIONS) load();
}
