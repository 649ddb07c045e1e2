import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const CONNECTIONS = 64;

export interface LoadOptions {
  seconds: number;
  headers?: Record<string, string>;
  /** A fresh X-Forwarded-For per request: every request comes from a different client. */
  spreadClients?: boolean;
  /** A mixed load: the requests ask these paths in turn, instead of the URL's own. */
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

/**
 * The load generator: wrk (Debian's package), one thread of C that counts responses without
 * reading their bodies into JavaScript. autocannon, which the bench used before, parses every
 * response in JavaScript and, on a two-core machine, ran out of CPU before the service did on
 * large compressed bodies (BENCHMARKS.md, "Why the bench now runs wrk").
 */
const WRK = 'wrk';

/** Lua for what a plain URL cannot say: a new client address per request, or paths in turn. */
function script(options: LoadOptions): string | undefined {
  if (options.spreadClients) {
    return `
math.randomseed(os.time())
request = function()
  wrk.headers["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(0, 255)
  return wrk.format()
end`;
  }
  if (options.paths) {
    return `
local paths = { ${options.paths.map((path) => JSON.stringify(path)).join(', ')} }
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, paths[(n % #paths) + 1])
end`;
  }
  return undefined;
}

const MS_PER_UNIT: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** A latency as wrk prints it (`812.00us`, `1.23ms`, `2.01s`: seconds with a space after them), in milliseconds. */
function milliseconds(text: string): number {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text)!;
  return Number(value) * MS_PER_UNIT[unit];
}

export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  // What the requests answer, so that the counts can say it: every request of a measurement asks the same.
  const probe = await fetch(options.paths ? new URL(options.paths[0], url) : url, { headers: options.headers });
  await probe.arrayBuffer();
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${options.seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  const lua = script(options);
  if (lua) {
    const file = join(mkdtempSync(join(tmpdir(), 'wrk-')), 'load.lua');
    writeFileSync(file, lua);
    args.push('-s', file);
  }
  const { stdout } = await promisify(execFile)(WRK, [...args, url], { timeout: (options.seconds + 30) * 1000 });
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  if (errors && errors.slice(1).some((count) => Number(count) > 0)) throw new Error(`${url}: ${errors[0]}`);
  const others = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const statuses: Record<string, number> =
    probe.status < 400 ? { [probe.status]: requests - others, ...(others > 0 ? { other: others } : {}) } : { [probe.status]: others };
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]),
    p50: milliseconds(/^\s+50%\s+(\S+)\s*$/m.exec(stdout)![1]),
    p99: milliseconds(/^\s+99%\s+(\S+)\s*$/m.exec(stdout)![1]),
    statuses,
  };
}
