/** What one purge names: the changed domains' tags, and where their reads live for a CDN that purges by path. */
export interface Purge {
  tags: readonly string[];
  /** Path patterns (`/api/projects/*`) of every public read of those domains. */
  paths: readonly string[];
}

/** A shared cache's purge API. It throws for anything but success; the purger retries. */
export abstract class PurgeTarget {
  abstract purge(purge: Purge): Promise<void>;
}

const TIMEOUT_MS = 10_000;

/** A purge API call: refused or unanswered in time is an error naming the status and what the API said. */
export async function purgeCall(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return response;
}

/** The items of a list in chunks of at most `size`: what one API call takes. */
export const chunksOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
