import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The compiled tree (`dist`), where `npm run bench` runs from. */
const DIST = join(__dirname, '..', '..');

/** A server the harness starts: a script of the compiled tree, with the flags Node runs it with. */
export interface ServerCommand {
  script: string;
  nodeFlags: string[];
  /** Runs it on jemalloc, preloaded as the image does (LD_PRELOAD). */
  onJemalloc?: boolean;
  /** Preloads the event-loop probe, which answers over an IPC channel. */
  probed?: boolean;
}

/** How Node runs a server: its flags, and its allocator. */
export type Runtime = Pick<ServerCommand, 'nodeFlags' | 'onJemalloc'>;
/**
 * As `npm run start:prod` runs the service: the V8 flag, on glibc's malloc. Every server of the
 * reads' comparison runs so, (a), (a′) and (b) too: a ratio compares what each does per request,
 * as a measurement from outside with the same settings sees it.
 */
export const START_PROD: Runtime = { nodeFlags: ['--max-semi-space-size=8'], onJemalloc: false };
/** As the image runs the service: the same, on jemalloc (LD_PRELOAD). */
export const IMAGE: Runtime = { ...START_PROD, onJemalloc: true };
/** Node's defaults: no V8 flag, glibc's malloc. */
export const NODE_DEFAULTS: Runtime = { nodeFlags: [], onJemalloc: false };
/** A runtime in words, for the tables that name it. */
export const runtimeWords = ({ nodeFlags, onJemalloc }: Runtime): string =>
  `\`node${nodeFlags.map((flag) => ` ${flag}`).join('')}\` on ${onJemalloc ? 'jemalloc' : "glibc's malloc"}`;

/** The service as the image runs it. */
export const SERVICE: ServerCommand = { script: join(DIST, 'src', 'main.js'), ...IMAGE };
/** The service as `npm run start:prod` runs it: what the reads' comparisons measure. */
export const SERVICE_ON_START_PROD: ServerCommand = { ...SERVICE, ...START_PROD };
export const RAW_HTTP: ServerCommand = { script: join(DIST, 'bench', 'servers', 'raw-http.js'), ...START_PROD };
export const RAW_HTTP_DUTIES: ServerCommand = { script: join(DIST, 'bench', 'servers', 'raw-http-duties.js'), ...START_PROD };
export const BARE_NEST: ServerCommand = { script: join(DIST, 'bench', 'servers', 'bare-nest.js'), ...START_PROD };
/** The service, watched by the event-loop probe. */
export const PROBED_SERVICE: ServerCommand = {
  ...SERVICE,
  nodeFlags: [...SERVICE.nodeFlags, '--require', join(DIST, 'bench', 'servers', 'event-loop-probe.js')],
  probed: true,
};

/** What the event-loop probe reports: the longest time the loop was held, and the 99th percentile. */
export interface EventLoopHolds {
  maxMs: number;
  p99Ms: number;
}

export interface BenchServer {
  readonly name: string;
  readonly origin: string;
  /** Milliseconds from spawn to the first 200 on the readiness path. */
  readonly startupMs: number;
  /** RSS of the server process and every process it started (the service's image encoder). */
  rssMb(): number;
  /** RSS of the server process alone. */
  ownRssMb(): number;
  /** The anonymous part of RSS: what the processes hold themselves, without the pages of the files they map (their code and libraries). */
  rssAnonMb(): number;
  /** CPU time the server process and every process it started have used so far (user and system), in milliseconds. */
  cpuMs(): number;
  /** With PROBED_SERVICE: starts a new measurement of the event loop, and reads it. */
  resetEventLoop(): void;
  eventLoop(): Promise<EventLoopHolds>;
  stop(): Promise<void>;
}

/** jemalloc's settings in the image (Dockerfile). */
const JEMALLOC_CONF = 'background_thread:true,narenas:1,dirty_decay_ms:0';
let jemalloc: string | undefined;

/** Where Debian's libjemalloc2 put the library, for its architecture (the image links it as /usr/local/lib/libjemalloc.so.2). */
function jemallocLibrary(): string {
  try {
    jemalloc ??= execFileSync('dpkg', ['-L', 'libjemalloc2'], { encoding: 'utf8' })
      .split('\n')
      .find((path) => path.endsWith('/libjemalloc.so.2'));
  } catch {
    // Not installed: said below.
  }
  if (!jemalloc) throw new Error('The bench runs the service on jemalloc, as the image does: apt-get install libjemalloc2');
  return jemalloc;
}

export async function freePort(): Promise<number> {
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
 * Starts a Node.js server on a free port with the given environment (its output
 * discarded, as a production log shipper would take it) and waits for its first 200.
 */
export async function startServer(
  name: string,
  command: ServerCommand,
  env: Record<string, string>,
  readyPath: string,
): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...command.nodeFlags, command.script], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ...(command.onJemalloc ? { LD_PRELOAD: jemallocLibrary(), MALLOC_CONF: JEMALLOC_CONF } : {}),
      ...env,
      PORT: String(port),
    },
    stdio: command.probed ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
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
    rssMb: () => treeStatusMb(child.pid!, 'VmRSS'),
    ownRssMb: () => statusMb(child.pid!, 'VmRSS'),
    rssAnonMb: () => treeStatusMb(child.pid!, 'RssAnon'),
    cpuMs: () => treeCpuMs(child.pid!),
    resetEventLoop: () => child.send('reset'),
    eventLoop: async () => {
      const answer = once(child, 'message');
      child.send('read');
      return (await answer)[0] as EventLoopHolds;
    },
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

/** The process and, depth first, every live process it started (from its main thread, as Node starts them). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // It ended meanwhile.
  }
  return [pid, ...children.flatMap(processTree)];
}

/** `read` of each process of the tree, summed; a process that ended meanwhile counts nothing. */
function sumOverTree(pid: number, read: (member: number) => number): number {
  return processTree(pid).reduce((sum, member) => {
    try {
      return sum + read(member);
    } catch {
      return sum;
    }
  }, 0);
}

/** A memory figure of /proc/<pid>/status, in MB; a process that has ended and is not yet reaped (a zombie) has none. */
const statusMb = (pid: number, field: string): number =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The same, summed over the process's tree. */
const treeStatusMb = (pid: number, field: string): number => sumOverTree(pid, (member) => statusMb(member, field));

/**
 * Linux counts a process's CPU time in clock ticks of 10 ms (USER_HZ 100): utime and stime, the
 * 14th and 15th fields of its stat, and in cutime and cstime (16th and 17th) that of the children it
 * reaped. Summed over the live tree, every process that ever ran under the server counts once.
 */
const treeCpuMs = (pid: number): number =>
  sumOverTree(pid, (member) => {
    const afterName = readFileSync(`/proc/${member}/stat`, 'utf8').split(') ')[1].split(' ');
    return afterName.slice(11, 15).reduce((ticks, field) => ticks + Number(field), 0) * 10;
  });

/** The admin token of the services the media and drafts benches start. */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789abcdefghijklmnop';

/** The service as the image runs it (or watched by the event-loop probe), on a database of the bench's, with an admin token and no rate limits. */
export const startServiceOn = (
  databaseUrl: string,
  readyPath: string,
  env: Record<string, string> = {},
  command: ServerCommand = SERVICE,
): Promise<BenchServer> =>
  startServer(
    'c service, database',
    command,
    { DATABASE_URL: databaseUrl, API_ADMIN_TOKEN: BENCH_ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'warn', ...env },
    readyPath,
  );
