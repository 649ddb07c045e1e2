import { registerAs } from '@nestjs/config';
import { EnvInteger } from './env-decorators';
import { validateConfig } from './validate-config';

class DraftsEnvironment {
  /** How long a preview link reads the draft. */
  @EnvInteger(60, 30 * 24 * 60 * 60)
  readonly DRAFT_PREVIEW_TTL_SECONDS: number = 24 * 60 * 60;
}

export interface DraftsConfig {
  previewSeconds: number;
}

export const draftsConfig = registerAs('drafts', (): DraftsConfig => {
  const env = validateConfig(process.env, DraftsEnvironment);
  return { previewSeconds: env.DRAFT_PREVIEW_TTL_SECONDS };
});
