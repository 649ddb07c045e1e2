/** What a health check says about one peer; never its address or credentials. */
export type Reachability = 'reachable' | 'unreachable' | 'not configured';

/** How long a health check waits for a peer before calling it unreachable. */
export const REACHABILITY_TIMEOUT_MS = 1_500;

/** Resolves `reachable` when the probe succeeds within `timeoutMs`, `unreachable` when it fails or is late. */
export async function reachabilityOf(probe: () => Promise<unknown>, timeoutMs = REACHABILITY_TIMEOUT_MS): Promise<Reachability> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  try {
    await Promise.race([probe(), late]);
    return 'reachable';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
