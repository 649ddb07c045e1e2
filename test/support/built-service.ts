import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { BUILT_MAIN } from './paths';
import { freePort } from './ports';

export interface BuiltService {
  origin: string;
  process: ChildProcess;
  /** What it printed on stdout and stderr so far. */
  output(): string;
  /** SIGTERM, and the exit code and signal it ended with. */
  stop(): Promise<[number | null, NodeJS.Signals | null]>;
}

/**
 * The service as deployed (`node dist/src/main.js`), on a free port, with only the given
 * environment (and PATH); resolves once /health answers. `npm test` builds it first.
 */
export async function startBuiltService(env: Record<string, string>): Promise<BuiltService> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [BUILT_MAIN], { env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env, PORT: String(port) } });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const service: BuiltService = {
    origin,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  await serving(origin, child);
  return service;
}

/** Runs the built service until it exits by itself (a start-up that fails); answers its exit code and output. */
export async function runBuiltServiceToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BUILT_MAIN], { env: { PATH: process.env.PATH, PORT: String(await freePort()), ...env } });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

async function serving(origin: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the service did not start');
}
