import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { badgesConfig } from '@/config/badges.config';
import { ProviderError } from './synced-badge';

export interface FetchOptions {
  /** Off for URLs a provider's own document named: a redirect could lead anywhere, so it is reported, not followed. */
  followRedirects: boolean;
}

/** What the providers read with: JSON over GET, within BADGE_PROVIDER_TIMEOUT_MS (10 s). */
@Injectable()
export class ProviderHttp {
  constructor(@Inject(badgesConfig.KEY) private readonly config: Pick<ConfigType<typeof badgesConfig>, 'timeoutMs'>) {}

  /** GET a provider's JSON: non-2xx, invalid JSON or no answer in time is a ProviderError naming only the kind of failure. */
  async json(url: string, { followRedirects }: FetchOptions = { followRedirects: true }): Promise<unknown> {
    const { timeoutMs } = this.config;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json' },
        redirect: followRedirects ? 'follow' : 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ProviderError(timedOut ? `no answer within ${timeoutMs / 1000} s` : 'could not be reached', url);
    }
    if (!response.ok) throw new ProviderError(`answered ${response.status}`, url);
    try {
      return await response.json();
    } catch {
      throw new ProviderError('answered with invalid JSON', url);
    }
  }
}
