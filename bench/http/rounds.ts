import { load, type LoadOptions, type LoadResult } from './load';
import type { BenchServer } from './processes';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
export const WARM_UP_SECONDS = Math.min(2, SECONDS);

export const log = (line: string) => process.stderr.write(`${line}\n`);

/** Warm-up (discarded), then the measured run. */
export async function measure(server: BenchServer, path: string, options: Omit<LoadOptions, 'seconds'> = {}): Promise<LoadResult> {
  await load(server.origin + path, { ...options, seconds: WARM_UP_SECONDS });
  const cpuBefore = server.cpuMs();
  const loaded = await load(server.origin + path, { ...options, seconds: SECONDS });
  const responses = Object.values(loaded.statuses).reduce((sum, count) => sum + count, 0);
  const result = { ...loaded, cpuUsPerRequest: ((server.cpuMs() - cpuBefore) * 1000) / responses };
  log(
    `  ${server.name.padEnd(28)} ${path.padEnd(26)} ${result.rps.toFixed(0).padStart(7)} req/s  p99 ${result.p99} ms  ${result.cpuUsPerRequest.toFixed(1)} us CPU`,
  );
  return result;
}

/** `measure`, while `work` runs again and again (its n-th run given n, from 1) until the measurement is over. */
export async function measureWhile(server: BenchServer, path: string, work: (n: number) => Promise<unknown>): Promise<LoadResult> {
  let running = true;
  let n = 0;
  const working = (async () => {
    while (running) await work((n += 1));
  })();
  try {
    return await measure(server, path);
  } finally {
    running = false;
    await working;
  }
}

/** Averages the rounds of one measurement: throughput and latency percentiles alike. */
function mean(results: LoadResult[]): LoadResult {
  const average = (pick: (result: LoadResult) => number) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    rps: average((r) => r.rps),
    p50: average((r) => r.p50),
    p99: average((r) => r.p99),
    statuses,
    cpuUsPerRequest: average((r) => r.cpuUsPerRequest ?? NaN),
  };
}

export type Run = [key: string, run: () => Promise<LoadResult>];

/** Runs every measurement once per round, in the same order each round, and averages them. */
export async function interleaved(runs: Run[]): Promise<Map<string, LoadResult>> {
  const collected = new Map<string, LoadResult[]>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`round ${round} of ${ROUNDS}`);
    for (const [key, run] of runs) collected.set(key, [...(collected.get(key) ?? []), await run()]);
  }
  return new Map([...collected].map(([key, results]) => [key, mean(results)]));
}
