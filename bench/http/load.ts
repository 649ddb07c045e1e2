import autocannon from 'autocannon';

export const CONNECTIONS = 64;

export interface LoadOptions {
  seconds: number;
  headers?: Record<string, string>;
  /** A fresh X-Forwarded-For per request: every request comes from a different client. */
  spreadClients?: boolean;
  /** A mixed load: each connection asks these paths in turn, instead of the URL's own. */
  paths?: readonly string[];
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Responses by status code, to show what was measured (200, 304 or 429). */
  statuses: Record<string, number>;
  /** The server's CPU time per response, in microseconds: what a read costs the server, whatever the load generator beside it could send. */
  cpuUsPerRequest?: number;
}

function randomClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 256);
  return `10.${octet()}.${octet()}.${octet()}`;
}

export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.seconds,
    headers: options.headers,
    requests: options.spreadClients
      ? [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': randomClientAddress() } }) }]
      : options.paths?.map((path) => ({ method: 'GET' as const, path })),
  });
  if (result.errors > 0 || result.timeouts > 0) throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts`);
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]));
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, statuses };
}
