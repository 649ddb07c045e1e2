import { cpus, totalmem } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import type { LoadResult } from './load';

export interface Measured {
  route: string;
  server: string;
  result: LoadResult;
  /** Ratios to the comparison servers, for the service's rows. */
  ratios?: string[];
}

export interface Target {
  goal: string;
  measured: string;
  reached: boolean;
}

export const fixed = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The middle value (the upper of the two middle ones). */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const ratio = (value: number, base: number) => `${fixed(value / base, 2)}x`;

/**
 * The least share of (a′)'s rate a read of the service must reach: (a′) is node:http doing only
 * what every read must (the same bytes and headers, a request id, a log line), so a target above
 * it, or above what it gains over its own 200s, is one no change to the service could meet.
 */
export const FLOOR_SHARE = 0.8;

/** The service's reads of `route` alone, then `during` the owner's work (`what`, as in "while publishing"), with its p99 over their p99 alone. */
export const aloneAndDuring = (route: string, alone: LoadResult, during: LoadResult, what: string): Measured[] => [
  { route, server: 'c service, reads alone', result: alone },
  { route, server: `c service, reads ${what}`, result: during, ratios: [ratio(during.p99, alone.p99)] },
];

/** The ratio column of aloneAndDuring's rows. */
export const P99_AGAINST_ALONE = 'p99 / alone';

/** Two latencies, in milliseconds, and how they compare: `26.1 / 21 ms = 1.24x`. */
export const latencies = (value: number, base: number) => `${fixed(value, 1)} / ${fixed(base, 1)} ms = ${ratio(value, base)}`;

/** A measure against its base: `119 / 125 MB = 0.95x`. */
export const against = (value: number, base: number, unit: string) =>
  `${value.toFixed(0)} / ${base.toFixed(0)} ${unit} = ${ratio(value, base)}`;

/** A measure against its base, and whether it stays within `most` times it. */
export const atMost = (value: number, base: number, most: number, unit: string): Pick<Target, 'measured' | 'reached'> => ({
  measured: against(value, base, unit),
  reached: value <= most * base,
});

export function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export function loadTable(rows: Measured[], ratioHeaders: string[]): string {
  return table(
    ['Route', 'Server', 'req/s', 'p50 ms', 'p99 ms', 'server CPU us/req', 'statuses', ...ratioHeaders],
    rows.map(({ route, server, result, ratios }) => [
      route,
      server,
      fixed(result.rps),
      fixed(result.p50, 1),
      fixed(result.p99, 1),
      result.cpuUsPerRequest === undefined ? '' : fixed(result.cpuUsPerRequest, 1),
      Object.entries(result.statuses)
        .map(([status, count]) => `${status}: ${fixed(count)}`)
        .join(', '),
      ...ratioHeaders.map((_, index) => ratios?.[index] ?? ''),
    ]),
  );
}

export function figuresTable(figures: [string, string][]): string {
  return table(['Measure', 'Value'], figures);
}

export function targetsTable(targets: Target[]): string {
  return table(
    ['Target', 'Measured', 'Reached'],
    targets.map(({ goal, measured, reached }) => [goal, measured, reached ? 'yes' : 'no']),
  );
}

export function machineDescription(): string {
  const cores = cpus();
  return `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${fixed(totalmem() / 2 ** 30)} GiB, Node.js ${process.version}; load generator (wrk, one thread) on the same machine`;
}

/** Replaces the section `marker` generated in BENCHMARKS.md, or puts it before the first heading after the title when there is none yet. */
export function writeBenchmarks(file: string, section: string, marker = 'http-bench'): void {
  const [START, END] = [`<!-- ${marker}:start -->`, `<!-- ${marker}:end -->`];
  const current = readFileSync(file, 'utf8');
  const block = `${START}\n${section.trim()}\n${END}`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + block + current.slice(end + END.length)
      : current.replace(/\n## /, `\n${block}\n\n## `);
  writeFileSync(file, next);
}
