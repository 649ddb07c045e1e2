import { BENCH_ADMIN_TOKEN, type BenchServer } from './processes';

/** An admin request with a JSON body (if any): its status, how long it took, and its JSON; any answer but 2xx throws. */
export async function adminCall(
  service: BenchServer,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; ms: number; json: unknown }> {
  const started = performance.now();
  const response = await fetch(service.origin + path, {
    method,
    headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return { status: response.status, ms: performance.now() - started, json };
}
