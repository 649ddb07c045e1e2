import { registerAs } from '@nestjs/config';
import { Matches } from 'class-validator';
import { EnvBoolean } from './env-decorators';
import { validateConfig } from './validate-config';

class WebhooksEnvironment {
  /** Seconds between a failed delivery and its next attempt, one per retry; failed after the last. */
  @Matches(/^\d{1,6}(,\d{1,6}){0,19}$/, { message: 'WEBHOOK_RETRY_DELAYS must be 1 to 20 whole seconds, comma-separated (5,300,1800)' })
  readonly WEBHOOK_RETRY_DELAYS: string = '5,300,1800,7200,18000,36000';

  /** Receivers on loopback, private, link-local or metadata addresses: for a receiver inside the owner's own network. */
  @EnvBoolean()
  readonly WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean = false;
}

export interface WebhooksConfig {
  retryDelaysSeconds: readonly number[];
  allowPrivateTargets: boolean;
}

export const webhooksConfig = registerAs('webhooks', (): WebhooksConfig => {
  const env = validateConfig(process.env, WebhooksEnvironment);
  return { retryDelaysSeconds: env.WEBHOOK_RETRY_DELAYS.split(',').map(Number), allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS };
});
