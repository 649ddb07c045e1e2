import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
 * environment (and PATH); resolves once it answers /health itself. `npm test` builds it first. A
 * port found free can be taken by another spec's process before the service binds it: then the
 * service is started again on another.
 */
export async function startBuiltService(
  env: Record<string, string>,
  /** Told all the service has printed so far, each time it prints: for what a spec does while it starts. */
  watch: (output: string) => void = () => undefined,
): Promise<BuiltService> {
  for (let attempt = 1; ; attempt += 1) {
    const service = spawnBuiltService(env, await freePort(), watch);
    const outcome = await serving(service);
    if (outcome === 'serving') return service;
    // Only a port taken meanwhile is worth another try: any other failure would fail again.
    if (outcome !== 'port taken' || attempt === 3) throw new Error(`the service did not start: ${outcome}\n${service.output()}`);
  }
}

function spawnBuiltService(env: Record<string, string>, port: number, watch: (output: string) => void): BuiltService & { port: number } {
  const child = spawn(process.execPath, [BUILT_MAIN], { env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env, PORT: String(port) } });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      watch(output);
    });
  }
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs the built service until it exits by itself (a start-up that fails); answers its exit code and output. */
export async function runBuiltServiceToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [BUILT_MAIN], { env: { PATH: process.env.PATH, PORT: String(await freePort()), ...env } });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

/** Whether the service answers /health on its port, holding the port itself; else why not. */
async function serving(service: BuiltService & { port: number }): Promise<'serving' | 'port taken' | 'exited' | 'no answer'> {
  const { process: child, origin, port } = service;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) return service.output().includes('EADDRINUSE') ? 'port taken' : 'exited';
    try {
      if ((await fetch(`${origin}/health`)).ok && listensOn(child.pid!, port)) return 'serving';
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await service.stop();
  return 'no answer';
}

/** Whether the process holds a socket listening on the port: its descriptors' socket inodes, against the kernel's TCP tables. */
function listensOn(pid: number, port: number): boolean {
  const sockets = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const inode = /^socket:\[(\d+)\]$/.exec(readlinkSafely(`/proc/${pid}/fd/${fd}`))?.[1];
    if (inode) sockets.add(inode);
  }
  const localPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const LISTEN = '0A';
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((table) => readFileSync(table, 'utf8').split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .some(([, local, , state, , , , , , inode]) => local?.endsWith(localPort) && state === LISTEN && sockets.has(inode));
}

function readlinkSafely(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return ''; // closed meanwhile
  }
}
