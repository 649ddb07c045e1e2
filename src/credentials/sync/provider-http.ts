import { ProviderError } from './synced-badge';

const PROVIDER_TIMEOUT_MS = 10_000;

/** GET a provider's JSON: non-2xx, invalid JSON or no answer within 10 s is a ProviderError. */
export async function fetchJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ProviderError(timedOut ? `no answer within ${PROVIDER_TIMEOUT_MS / 1000} s from ${url}` : `${url} could not be reached`);
  }
  if (!response.ok) throw new ProviderError(`${url} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new ProviderError(`${url} answered with invalid JSON`);
  }
}
