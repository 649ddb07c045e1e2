import { ProviderError } from './synced-badge';

const PROVIDER_TIMEOUT_MS = 10_000;

export interface FetchOptions {
  /** Off for URLs a provider's own document named: a redirect could lead anywhere, so it is reported, not followed. */
  followRedirects: boolean;
}

/** GET a provider's JSON: non-2xx, invalid JSON or no answer within 10 s is a ProviderError naming only the kind of failure. */
export async function fetchJson(url: string, { followRedirects }: FetchOptions = { followRedirects: true }): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'application/json' },
      redirect: followRedirects ? 'follow' : 'manual',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ProviderError(timedOut ? `no answer within ${PROVIDER_TIMEOUT_MS / 1000} s` : 'could not be reached', url);
  }
  if (!response.ok) throw new ProviderError(`answered ${response.status}`, url);
  try {
    return await response.json();
  } catch {
    throw new ProviderError('answered with invalid JSON', url);
  }
}
