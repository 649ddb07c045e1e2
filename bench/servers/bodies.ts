import { readFileSync } from 'node:fs';

/** The JSON bodies the service answered, by path, which the comparison servers send as they are. */
export function benchBodies(): Record<string, string> {
  const file = process.env.BENCH_BODIES;
  if (!file) throw new Error('BENCH_BODIES must name the bodies file the harness wrote');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

export const benchPort = (): number => Number(process.env.PORT);
