/**
 * `npm run bench`: public reads of the service, built for production, in static and in
 * database mode, side by side in one run with (a) raw node:http sending the same bytes and
 * (b) a bare NestJS controller returning the same values; plus the 304, rate-limited and 429
 * paths, cold starts and memory after load. Prints the tables and writes them to
 * BENCHMARKS.md. BENCH_SECONDS (10) and BENCH_ROUNDS (2) shorten or lengthen a run.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { CONNECTIONS, load, type LoadOptions, type LoadResult } from './http/load';
import { BARE_NEST_SCRIPT, type BenchServer, RAW_HTTP_SCRIPT, SERVICE_SCRIPT, startServer } from './http/processes';
import {
  figuresTable,
  loadTable,
  machineDescription,
  type Measured,
  ratio,
  type Target,
  targetsTable,
  writeBenchmarks,
} from './http/report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WARM_UP_SECONDS = Math.min(2, SECONDS);
const RSS_LOAD_SECONDS = Number(process.env.BENCH_RSS_SECONDS ?? 60);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUTES = ['/api/projects', '/api/projects/tidewatch', '/api/experience', '/api/skills'];
const READY_PATH = ROUTES[0];

const log = (line: string) => process.stderr.write(`${line}\n`);

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `portfolio_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/** Warm-up (discarded), then the measured run. */
async function measure(server: BenchServer, path: string, options: Omit<LoadOptions, 'seconds'> = {}): Promise<LoadResult> {
  await load(server.origin + path, { ...options, seconds: WARM_UP_SECONDS });
  const result = await load(server.origin + path, { ...options, seconds: SECONDS });
  log(`  ${server.name.padEnd(28)} ${path.padEnd(26)} ${result.rps.toFixed(0).padStart(7)} req/s  p99 ${result.p99} ms`);
  return result;
}

/** Averages the rounds of one measurement: throughput and latency percentiles alike. */
function mean(results: LoadResult[]): LoadResult {
  const average = (pick: (result: LoadResult) => number) => results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return { rps: average((r) => r.rps), p50: average((r) => r.p50), p99: average((r) => r.p99), statuses };
}

/** Runs every measurement once per round, in the same order each round, and averages them. */
async function interleaved(runs: [string, () => Promise<LoadResult>][]): Promise<Map<string, LoadResult>> {
  const collected = new Map<string, LoadResult[]>();
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`round ${round} of ${ROUNDS}`);
    for (const [key, run] of runs) collected.set(key, [...(collected.get(key) ?? []), await run()]);
  }
  return new Map([...collected].map(([key, results]) => [key, mean(results)]));
}

async function fetchBodies(server: BenchServer): Promise<{ bodies: Record<string, string>; etag: string }> {
  const bodies: Record<string, string> = {};
  let etag = '';
  for (const route of ROUTES) {
    const response = await fetch(server.origin + route, { headers: { 'accept-encoding': 'identity' } });
    bodies[route] = await response.text();
    if (route === READY_PATH) etag = response.headers.get('etag') ?? '';
  }
  return { bodies, etag };
}

const SERVICE_ENV = { LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false' };

async function run(databaseUrl: string): Promise<string> {
  const servers: BenchServer[] = [];
  const started = async (server: Promise<BenchServer>) => {
    servers.push(await server);
    return servers[servers.length - 1];
  };
  const workDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-'));
  try {
    log('starting servers');
    const staticService = await started(startServer('c service, static', SERVICE_SCRIPT, SERVICE_ENV, READY_PATH));
    const databaseEnv = { ...SERVICE_ENV, DATABASE_URL: databaseUrl };
    const firstDatabaseStart = await startServer('c service, first start', SERVICE_SCRIPT, databaseEnv, READY_PATH);
    await firstDatabaseStart.stop();
    const databaseService = await started(startServer('c service, database', SERVICE_SCRIPT, databaseEnv, READY_PATH));
    const idleRss = databaseService.rssMb();

    const { bodies, etag } = await fetchBodies(staticService);
    const bodiesFile = join(workDir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const raw = await started(startServer('a raw node:http', RAW_HTTP_SCRIPT, { BENCH_BODIES: bodiesFile }, READY_PATH));
    const bare = await started(startServer('b bare NestJS controller', BARE_NEST_SCRIPT, { BENCH_BODIES: bodiesFile }, READY_PATH));

    log(`public reads: ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up, ${SECONDS} s measured, ${ROUNDS} rounds`);
    const compared = [raw, bare, staticService, databaseService];
    const reads = await interleaved(
      ROUTES.flatMap((route) =>
        compared.map((server) => [`${server.name} ${route}`, () => measure(server, route)] as [string, () => Promise<LoadResult>]),
      ),
    );

    const throttled = await started(
      startServer(
        'c database, throttler on',
        SERVICE_SCRIPT,
        { ...databaseEnv, RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' },
        READY_PATH,
      ),
    );
    const throttledRedis = await started(
      startServer(
        'c database, throttler on Redis',
        SERVICE_SCRIPT,
        { ...databaseEnv, RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback', REDIS_URL },
        READY_PATH,
      ),
    );
    log('other paths of GET /api/projects');
    const paths = await interleaved([
      ['bare', () => measure(bare, READY_PATH)],
      ['200', () => measure(databaseService, READY_PATH)],
      ['304', () => measure(databaseService, READY_PATH, { headers: { 'if-none-match': etag } })],
      ['throttled', () => measure(throttled, READY_PATH, { spreadClients: true })],
      ['throttled redis', () => measure(throttledRedis, READY_PATH, { spreadClients: true })],
      ['429', () => measure(throttled, READY_PATH, { headers: { 'x-forwarded-for': '10.9.9.9' } })],
    ]);

    log(`${RSS_LOAD_SECONDS} s of load for memory`);
    for (const route of ROUTES) await load(databaseService.origin + route, { seconds: RSS_LOAD_SECONDS / ROUTES.length });
    const loadedRss = databaseService.rssMb();
    const bareRss = bare.rssMb();

    return report({
      reads,
      compared,
      paths,
      starts: { static: staticService.startupMs, first: firstDatabaseStart.startupMs, database: databaseService.startupMs },
      rss: { idle: idleRss, loaded: loadedRss, bare: bareRss },
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(workDir, { recursive: true, force: true });
  }
}

interface Outcome {
  reads: Map<string, LoadResult>;
  compared: BenchServer[];
  paths: Map<string, LoadResult>;
  starts: { static: number; first: number; database: number };
  rss: { idle: number; loaded: number; bare: number };
}

function report({ reads, compared, paths, starts, rss }: Outcome): string {
  const [raw, bare, ...service] = compared;
  const readRows: Measured[] = ROUTES.flatMap((route) => {
    const of = (server: BenchServer) => reads.get(`${server.name} ${route}`)!;
    return compared.map((server) => ({
      route,
      server: server.name,
      result: of(server),
      ratios: service.includes(server) ? [ratio(of(server).rps, of(raw).rps), ratio(of(server).rps, of(bare).rps)] : undefined,
    }));
  });
  const path = (key: string) => paths.get(key)!;
  /** A row of the service compared with its own 200 answers and with (b), from the same rounds. */
  const againstTwoHundred = (route: string, server: string, key: string): Measured => ({
    route,
    server,
    result: path(key),
    ratios: [ratio(path(key).rps, path('200').rps), ratio(path(key).rps, path('bare').rps)],
  });
  const pathRows: Measured[] = [
    { route: '200', server: 'b bare NestJS controller', result: path('bare') },
    againstTwoHundred('200', 'c service, database', '200'),
    againstTwoHundred('304 (If-None-Match)', 'c service, database', '304'),
    againstTwoHundred('200, a new client each request', 'c throttler on (memory)', 'throttled'),
    againstTwoHundred('200, a new client each request', 'c throttler on (Redis)', 'throttled redis'),
    againstTwoHundred('429 (one client over its limit)', 'c throttler on (memory)', '429'),
  ];

  const databaseRows = readRows.filter((row) => row.server === 'c service, database');
  const bareOf = (route: string) => reads.get(`${bare.name} ${route}`)!;
  const worstDatabaseRatio = Math.min(...databaseRows.map((row) => row.result.rps / bareOf(row.route).rps));
  const p99Within = databaseRows.every((row) => row.result.p99 <= bareOf(row.route).p99);
  const targets: Target[] = [
    {
      goal: 'database-mode reads >= 1.3x b (1.0x the floor)',
      measured: `lowest ${ratio(worstDatabaseRatio, 1)}`,
      reached: worstDatabaseRatio >= 1.3,
    },
    {
      goal: "database-mode p99 no worse than b's",
      measured: databaseRows.map((row) => `${row.result.p99} / ${bareOf(row.route).p99} ms`).join(', '),
      reached: p99Within,
    },
    {
      goal: 'throttler on (memory): >= 1.0x b',
      measured: ratio(path('throttled').rps, path('bare').rps),
      reached: path('throttled').rps >= path('bare').rps,
    },
    {
      goal: '304 answers >= 2x 200 answers',
      measured: ratio(path('304').rps, path('200').rps),
      reached: path('304').rps >= 2 * path('200').rps,
    },
    {
      goal: '429 answers >= 2x 200 answers',
      measured: ratio(path('429').rps, path('200').rps),
      reached: path('429').rps >= 2 * path('200').rps,
    },
    { goal: 'cold start, static < 1.0 s', measured: `${starts.static.toFixed(0)} ms`, reached: starts.static < 1000 },
    {
      goal: 'cold start, database (migrations applied) < 1.5 s',
      measured: `${starts.database.toFixed(0)} ms`,
      reached: starts.database < 1500,
    },
    { goal: 'RSS after the load < 150 MB', measured: `${rss.loaded.toFixed(0)} MB`, reached: rss.loaded < 150 },
  ];

  return [
    '## Public reads (`npm run bench`)',
    '',
    `Run of ${new Date().toISOString().slice(0, 10)} on ${machineDescription()}. ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s per measurement, ${ROUNDS} interleaved rounds averaged. The service runs as built for production (\`node dist/src/main.js\`, request logging at info, the throttler off unless said); (a) and (b) send the bodies the service answered.`,
    '',
    loadTable(readRows, ['c/a', 'c/b']),
    '',
    '### Other paths of GET /api/projects',
    '',
    'The ratios compare with the 200 answers of the same database-mode service and with (b), measured in the same rounds. A throttled client is identified by X-Forwarded-For (TRUST_PROXY=true), a random address per request.',
    '',
    loadTable(pathRows, ['vs 200', 'vs b']),
    '',
    '### Start-up and memory',
    '',
    figuresTable([
      ['cold start to the first 200, static mode', `${starts.static.toFixed(0)} ms`],
      ['cold start to the first 200, database mode, migrations applied', `${starts.database.toFixed(0)} ms`],
      ['first start on an empty database (migrations and seeding)', `${starts.first.toFixed(0)} ms`],
      ['RSS, database mode, idle after start', `${rss.idle.toFixed(0)} MB`],
      [`RSS, database mode, after the rounds and ${RSS_LOAD_SECONDS} s more load`, `${rss.loaded.toFixed(0)} MB`],
      ['RSS of (b) after the same rounds', `${rss.bare.toFixed(0)} MB`],
    ]),
    '',
    '### Targets',
    '',
    targetsTable(targets),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const section = await withDatabase(run);
  process.stdout.write(`\n${section}\n`);
  writeBenchmarks(join(__dirname, '..', '..', 'BENCHMARKS.md'), section);
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});
