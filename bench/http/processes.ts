import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The compiled tree (`dist`), where `npm run bench` runs from. */
const DIST = join(__dirname, '..', '..');

export const SERVICE_SCRIPT = join(DIST, 'src', 'main.js');
export const RAW_HTTP_SCRIPT = join(DIST, 'bench', 'servers', 'raw-http.js');
export const BARE_NEST_SCRIPT = join(DIST, 'bench', 'servers', 'bare-nest.js');

export interface BenchServer {
  readonly name: string;
  readonly origin: string;
  /** Milliseconds from spawn to the first 200 on the readiness path. */
  readonly startupMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function firstOk(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Starts a Node.js server script on a free port with the given environment (its output
 * discarded, as a production log shipper would take it) and waits for its first 200.
 */
export async function startServer(name: string, script: string, env: Record<string, string>, readyPath: string): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await firstOk(origin + readyPath, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const startupMs = performance.now() - startedAt;
  return {
    name,
    origin,
    startupMs,
    rssMb: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
