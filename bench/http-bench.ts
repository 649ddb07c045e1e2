/**
 * `npm run bench`: public reads of the service, built for production, in static and in
 * database mode, side by side in one run with (a) raw node:http sending the same bytes, (a′) raw
 * node:http sending them with the service's headers, a request id and a log line, and (b) a bare
 * NestJS controller returning the same values; plus the 304, rate-limited and 429
 * paths, cold starts, memory after load, and growth (100x the demo content: reads, the
 * read model's size, a write served by every instance); large content documents (time, answer
 * size, the longest hold of the service's event loop); content history (a change to its
 * revision, the bytes a revision stores at 1x and 100x, a write with and without it). Prints the
 * tables and writes them to BENCHMARKS.md. BENCH_SECONDS (10) and BENCH_ROUNDS (2) shorten or lengthen a run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayedHeaders } from './http/answers';
import { withDatabases } from './http/databases';
import { GROWTH_FACTORS, growth, type GrowthOutcome, growthReport } from './http/growth';
import { history, HISTORY_DATABASES, type HistoryOutcome } from './http/history';
import { largeDocuments, type LargeDocumentsOutcome } from './http/large-documents';
import { CONNECTIONS, load, type LoadResult } from './http/load';
import {
  BARE_NEST,
  type BenchServer,
  IMAGE,
  NODE_DEFAULTS,
  RAW_HTTP,
  RAW_HTTP_DUTIES,
  runtimeWords,
  SERVICE,
  SERVICE_ON_START_PROD,
  START_PROD,
  type ServerCommand,
  startServer,
} from './http/processes';
import { COMPARED_ROUTES } from './http/public-paths';
import {
  atMost,
  figuresTable,
  FLOOR_SHARE,
  loadTable,
  latencies,
  machineDescription,
  type Measured,
  median,
  ratio,
  type Target,
  targetsTable,
  writeBenchmarks,
} from './http/report';
import { interleaved, log, measure, ROUNDS, type Run, SECONDS, WARM_UP_SECONDS } from './http/rounds';

const RSS_LOAD_SECONDS = Number(process.env.BENCH_RSS_SECONDS ?? 60);
/** The memory load takes turns between the servers, every compared route in turn, in slices this long: each ends loaded at about the same time. */
const RSS_LOAD_SLICE_SECONDS = 10;
/** How long the servers rest after the memory load before their RSS is read again. */
const REST_SECONDS = 60;
/**
 * When idle RSS is read, after each server's start: the "5 s after start", and a little
 * more, for the service's heap release looks at its event loop 5 s after start-up.
 */
const IDLE_AFTER_START_SECONDS = 7;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const READY_PATH = COMPARED_ROUTES[0];
const DETAIL_PATH = COMPARED_ROUTES[1];
/** Cold starts of the service and of (b), taking turns: the median of each is compared. */
const COLD_STARTS = 5;

interface ServiceAnswers {
  bodies: Record<string, string>;
  headers: Record<string, string[]>;
  etag: string;
}

async function fetchAnswers(server: BenchServer): Promise<ServiceAnswers> {
  const answers: ServiceAnswers = { bodies: {}, headers: {}, etag: '' };
  for (const route of COMPARED_ROUTES) {
    const response = await fetch(server.origin + route, { headers: { 'accept-encoding': 'identity' } });
    answers.bodies[route] = await response.text();
    answers.headers[route] = replayedHeaders(response);
    if (route === READY_PATH) answers.etag = response.headers.get('etag') ?? '';
  }
  return answers;
}

const SERVICE_ENV = { LOG_LEVEL: 'info', RATE_LIMIT_ENABLED: 'false' };

async function run([databaseUrl, largeDocumentsUrl, ...otherDatabaseUrls]: string[]): Promise<string> {
  const growthDatabaseUrls = otherDatabaseUrls.slice(0, GROWTH_FACTORS.length);
  const historyDatabaseUrls = otherDatabaseUrls.slice(GROWTH_FACTORS.length);
  const servers: BenchServer[] = [];
  const started = async (server: Promise<BenchServer>) => {
    servers.push(await server);
    return servers[servers.length - 1];
  };
  const workDir = mkdtempSync(join(tmpdir(), 'portfolio-bench-'));
  try {
    log('starting servers');
    // A compile cache of this run's own: the first start fills it, as a container's first start would without the image's.
    const serviceEnv = { ...SERVICE_ENV, NODE_COMPILE_CACHE: join(workDir, 'compile-cache') };
    const coldCacheStart = await startServer('c service, static, first start', SERVICE_ON_START_PROD, serviceEnv, READY_PATH);
    await coldCacheStart.stop();
    const staticService = await started(startServer('c service, static', SERVICE_ON_START_PROD, serviceEnv, READY_PATH));
    const databaseEnv = { ...serviceEnv, DATABASE_URL: databaseUrl };
    const firstDatabaseStart = await startServer('c service, first start', SERVICE_ON_START_PROD, databaseEnv, READY_PATH);
    await firstDatabaseStart.stop();
    const databaseService = await started(startServer('c service, database', SERVICE_ON_START_PROD, databaseEnv, READY_PATH));
    const imageService = await started(startServer('c service, database, in the image', SERVICE, databaseEnv, READY_PATH));

    const { bodies, headers, etag } = await fetchAnswers(staticService);
    const bodiesFile = join(workDir, 'bodies.json');
    const headersFile = join(workDir, 'headers.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    writeFileSync(headersFile, JSON.stringify(headers));
    const raw = await started(startServer('a raw node:http', RAW_HTTP, { BENCH_BODIES: bodiesFile }, READY_PATH));
    const dutiful = await started(
      startServer(
        "a′ raw node:http, a read's duties",
        RAW_HTTP_DUTIES,
        { BENCH_BODIES: bodiesFile, BENCH_HEADERS: headersFile },
        READY_PATH,
      ),
    );
    const bare = await started(startServer('b bare NestJS controller', BARE_NEST, { BENCH_BODIES: bodiesFile }, READY_PATH));
    // The last one started, (b) is the last to reach its idle reading; the others rested longer.
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_START_SECONDS * 1000));
    const [staticIdleRss, idleRss, imageIdleRss, bareIdleRss] = [staticService, databaseService, imageService, bare].map((server) =>
      server.rssMb(),
    );

    log(`cold starts: ${COLD_STARTS} of the static-mode service and of (b), taking turns, each with its compile cache filled`);
    const bareEnv = { BENCH_BODIES: bodiesFile, NODE_COMPILE_CACHE: join(workDir, 'compile-cache-bare') };
    await (await startServer('b, filling its compile cache', BARE_NEST, bareEnv, READY_PATH)).stop();
    const coldStarts = { service: [] as number[], bare: [] as number[] };
    for (let turn = 0; turn < COLD_STARTS; turn += 1) {
      coldStarts.service.push(await startupOf(SERVICE_ON_START_PROD, serviceEnv));
      coldStarts.bare.push(await startupOf(BARE_NEST, bareEnv));
    }

    log(`public reads: ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up, ${SECONDS} s measured, ${ROUNDS} rounds`);
    const compared = [raw, dutiful, bare, staticService, databaseService];
    const reads = await interleaved(
      COMPARED_ROUTES.flatMap((route) => compared.map((server): Run => [`${server.name} ${route}`, () => measure(server, route)])),
    );

    log("the list and a detail again, every server on Node's defaults");
    const onDefaults = (command: ServerCommand): ServerCommand => ({ ...command, ...NODE_DEFAULTS });
    const defaults = [
      await startServer('a raw node:http', onDefaults(RAW_HTTP), { BENCH_BODIES: bodiesFile }, READY_PATH),
      await startServer('b bare NestJS controller', onDefaults(BARE_NEST), { BENCH_BODIES: bodiesFile }, READY_PATH),
      await startServer('c service, database', onDefaults(SERVICE_ON_START_PROD), databaseEnv, READY_PATH),
    ];
    const onNodeDefaults = await interleaved(
      [READY_PATH, DETAIL_PATH].flatMap((route) =>
        defaults.map((server): Run => [`${server.name} ${route}`, () => measure(server, route)]),
      ),
    );
    await Promise.all(defaults.map((server) => server.stop()));

    const throttledEnv = { ...databaseEnv, RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'loopback' };
    const throttled = await started(startServer('c database, throttler on', SERVICE_ON_START_PROD, throttledEnv, READY_PATH));
    const throttledRedis = await started(
      startServer('c database, throttler on Redis', SERVICE_ON_START_PROD, { ...throttledEnv, REDIS_URL }, READY_PATH),
    );
    log('other paths of GET /api/projects');
    const paths = await interleaved([
      ['bare', () => measure(bare, READY_PATH)],
      ['200', () => measure(databaseService, READY_PATH)],
      ['dutch', () => measure(databaseService, `${READY_PATH}?lang=nederlands`)],
      ['detail', () => measure(databaseService, DETAIL_PATH)],
      ['dutch detail', () => measure(databaseService, `${DETAIL_PATH}?lang=nederlands`)],
      ['304', () => measure(databaseService, READY_PATH, { headers: { 'if-none-match': etag } })],
      ['floor 200', () => measure(dutiful, READY_PATH)],
      ['floor 304', () => measure(dutiful, READY_PATH, { headers: { 'if-none-match': etag } })],
      ['throttled', () => measure(throttled, READY_PATH, { spreadClients: true })],
      ['throttled redis', () => measure(throttledRedis, READY_PATH, { spreadClients: true })],
      ['429', () => measure(throttled, READY_PATH, { headers: { 'x-forwarded-for': '10.9.9.9' } })],
    ]);

    log(`${RSS_LOAD_SECONDS} s of load for memory, the same in the image and for (b), then ${REST_SECONDS} s of rest`);
    const loadedForMemory = [databaseService, imageService, bare];
    for (let slice = 0; slice < RSS_LOAD_SECONDS / RSS_LOAD_SLICE_SECONDS; slice += 1) {
      for (const server of loadedForMemory) {
        await load(server.origin + READY_PATH, { seconds: RSS_LOAD_SLICE_SECONDS, paths: COMPARED_ROUTES });
      }
    }
    const [loadedRss, imageLoadedRss, bareLoadedRss] = loadedForMemory.map((server) => server.rssMb());
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const [restedRss, imageRestedRss, bareRestedRss] = loadedForMemory.map((server) => server.rssMb());

    const grown = await growth(growthDatabaseUrls, workDir, serviceEnv, started);
    const large = await largeDocuments(largeDocumentsUrl, serviceEnv, started);
    const kept = await history(historyDatabaseUrls, workDir, serviceEnv, started);

    return report({
      reads,
      compared,
      paths,
      onNodeDefaults,
      starts: {
        coldCache: coldCacheStart.startupMs,
        static: median(coldStarts.service),
        first: firstDatabaseStart.startupMs,
        database: databaseService.startupMs,
        bare: median(coldStarts.bare),
      },
      rss: {
        staticIdle: staticIdleRss,
        idle: idleRss,
        loaded: loadedRss,
        rested: restedRss,
        image: { idle: imageIdleRss, loaded: imageLoadedRss, rested: imageRestedRss },
        bareIdle: bareIdleRss,
        bareLoaded: bareLoadedRss,
        bareRested: bareRestedRss,
      },
      grown,
      large,
      kept,
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Milliseconds from a server's spawn to its first 200. */
async function startupOf(command: ServerCommand, env: Record<string, string>): Promise<number> {
  const server = await startServer('a cold start', command, env, READY_PATH);
  await server.stop();
  return server.startupMs;
}

interface Outcome {
  reads: Map<string, LoadResult>;
  /** The list and a detail of (a), (b) and the service, each on Node's defaults. */
  onNodeDefaults: Map<string, LoadResult>;
  compared: BenchServer[];
  paths: Map<string, LoadResult>;
  starts: { coldCache: number; static: number; first: number; database: number; bare: number };
  rss: {
    staticIdle: number;
    idle: number;
    loaded: number;
    rested: number;
    /** The database-mode service as the image runs it, on jemalloc. */
    image: { idle: number; loaded: number; rested: number };
    bareIdle: number;
    bareLoaded: number;
    bareRested: number;
  };
  grown: GrowthOutcome;
  large: LargeDocumentsOutcome;
  kept: HistoryOutcome;
}

function report({ reads, onNodeDefaults, compared, paths, starts, rss, grown, large, kept }: Outcome): string {
  const [raw, dutiful, bare, ...service] = compared;
  const readRows: Measured[] = COMPARED_ROUTES.flatMap((route) => {
    const of = (server: BenchServer) => reads.get(`${server.name} ${route}`)!;
    const against = (server: BenchServer, bases: BenchServer[]) => bases.map((base) => ratio(of(server).rps, of(base).rps));
    return compared.map((server) => ({
      route,
      server: server.name,
      result: of(server),
      ratios: service.includes(server) ? against(server, [raw, dutiful, bare]) : server === dutiful ? against(server, [raw]) : undefined,
    }));
  });
  const defaultRows: Measured[] = [READY_PATH, DETAIL_PATH].flatMap((route) => {
    const of = (name: string) => onNodeDefaults.get(`${name} ${route}`)!;
    return [raw.name, bare.name, 'c service, database'].map((name) => ({
      route,
      server: name,
      result: of(name),
      ratios:
        name === raw.name
          ? undefined
          : [ratio(of(name).rps, of(raw.name).rps), ...(name === bare.name ? [] : [ratio(of(name).rps, of(bare.name).rps)])],
    }));
  });
  const defaultsAgainstBare = [READY_PATH, DETAIL_PATH].map(
    (route) => onNodeDefaults.get(`c service, database ${route}`)!.rps / onNodeDefaults.get(`${bare.name} ${route}`)!.rps,
  );
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
    againstTwoHundred('200 in Dutch (?lang=nederlands)', 'c service, database', 'dutch'),
    againstTwoHundred('304 (If-None-Match)', 'c service, database', '304'),
    { route: '200', server: dutiful.name, result: path('floor 200') },
    {
      route: '304 (If-None-Match)',
      server: dutiful.name,
      result: path('floor 304'),
      ratios: [ratio(path('floor 304').rps, path('floor 200').rps)],
    },
    againstTwoHundred('200, a new client each request', 'c throttler on (memory)', 'throttled'),
    againstTwoHundred('200, a new client each request', 'c throttler on (Redis)', 'throttled redis'),
    againstTwoHundred('429 (one client over its limit)', 'c throttler on (memory)', '429'),
  ];

  const databaseRows = readRows.filter((row) => row.server === 'c service, database');
  const bareOf = (route: string) => reads.get(`${bare.name} ${route}`)!;
  const floorOf = (route: string) => reads.get(`${dutiful.name} ${route}`)!;
  const worstAgainst = (base: (route: string) => LoadResult) =>
    Math.min(...databaseRows.map((row) => row.result.rps / base(row.route).rps));
  const [worstAgainstBare, worstAgainstFloor] = [worstAgainst(bareOf), worstAgainst(floorOf)];
  const p99Within = databaseRows.every((row) => row.result.p99 <= bareOf(row.route).p99);
  const atLeast = (goal: string, key: string, base: string, times: number): Target => ({
    goal,
    measured: ratio(path(key).rps, path(base).rps),
    reached: path(key).rps >= times * path(base).rps,
  });
  const growthSection = growthReport(grown);
  const targets: Target[] = [
    {
      goal: 'database-mode reads ahead of b on every route',
      measured: `lowest ${ratio(worstAgainstBare, 1)}`,
      reached: worstAgainstBare > 1,
    },
    {
      goal: `database-mode reads >= ${FLOOR_SHARE}x (a′) on every route`,
      measured: `lowest ${ratio(worstAgainstFloor, 1)}`,
      reached: worstAgainstFloor >= FLOOR_SHARE,
    },
    {
      goal: "database-mode p99 no worse than b's",
      measured: databaseRows.map((row) => latencies(row.result.p99, bareOf(row.route).p99)).join(', '),
      reached: p99Within,
    },
    {
      goal: "on Node's defaults too, the list and a detail ahead of b",
      measured: defaultsAgainstBare.map((value) => ratio(value, 1)).join(', '),
      reached: Math.min(...defaultsAgainstBare) > 1,
    },
    atLeast('throttler on (memory): >= 1.5x b', 'throttled', 'bare', 1.5),
    atLeast('throttler on (Redis): >= 1.5x b', 'throttled redis', 'bare', 1.5),
    atLeast('a list in Dutch >= 0.9x the same list in English', 'dutch', '200', 0.9),
    atLeast('a detail in Dutch >= 0.9x the same detail in English', 'dutch detail', 'detail', 0.9),
    {
      ...atLeast(`304 answers >= ${FLOOR_SHARE}x (a′)'s`, '304', 'floor 304', FLOOR_SHARE),
      measured: `${ratio(path('304').rps, path('floor 304').rps)}; (a′)'s 304s: ${ratio(path('floor 304').rps, path('floor 200').rps)} of its 200s`,
    },
    atLeast(
      `429 answers >= ${FLOOR_SHARE}x (a′)'s 200s (a read's duties, and the throttler's count besides)`,
      '429',
      'floor 200',
      FLOOR_SHARE,
    ),
    ...startSmallTargets(starts, rss, readRows),
    ...growthSection.targets,
    ...large.targets,
    ...kept.targets,
  ];

  return [
    '## Public reads (`npm run bench`)',
    '',
    `Run of ${new Date().toISOString().slice(0, 10)} on ${machineDescription()}. ${CONNECTIONS} connections, ${WARM_UP_SECONDS} s warm-up then ${SECONDS} s per measurement, ${ROUNDS} interleaved rounds averaged. Every server runs as \`npm run start:prod\` runs the service, ${runtimeWords(START_PROD)}; the service as built for production (\`dist/src/main.js\`, request logging at info, the throttler off unless said); no Accept-Encoding; (a), (a′) and (b) send the bodies the service answered, (a′) with the service's headers, a request id and one pino line per request: what every read must do, done by node:http alone, so that (a′) against (a) is the most any change to the service could reach. A ratio is the row's req/s over the comparison's, from the same rounds. Server CPU is the server process's CPU time (user and system, from /proc) during a measurement over the responses it sent: what a read costs the server whatever the load generator beside it managed to send, so the steadier ratio on a shared two-core machine.`,
    '',
    loadTable(readRows, ['vs a', 'vs a′', 'vs b']),
    '',
    `The list and a detail again in rounds of their own, every server on Node's defaults (${runtimeWords(NODE_DEFAULTS)}):`,
    '',
    loadTable(defaultRows, ['vs a', 'vs b']),
    '',
    '### Other paths of GET /api/projects',
    '',
    "The ratios compare with the 200 answers of the same database-mode service and with (b), measured in the same rounds; (a′)'s 304 with (a′)'s own 200s: what a 304 saves when a read does nothing but its duties. The Dutch read is answered from the read model as the English one is (the targets below compare a detail in both languages too). A throttled client is identified by X-Forwarded-For, believed from the loopback proxy (TRUST_PROXY=loopback): a random address per request, or one address over its limit for the 429s.",
    '',
    loadTable(pathRows, ['vs 200', 'vs b']),
    '',
    '### Start-up and memory',
    '',
    `The service and (b) run as \`npm run start:prod\` runs the service (${runtimeWords(START_PROD)}), each with Node's module compile cache, and the service with its bundle's code cache beside it (both filled by its first start and stop; the image ships the service's filled). One more database-mode instance runs as the image runs it (${runtimeWords(IMAGE)}) and takes the same memory load.`,
    '',
    figuresTable([
      ['cold start to the first 200, static mode, compile cache empty', `${starts.coldCache.toFixed(0)} ms`],
      [`cold start to the first 200, static mode, median of ${COLD_STARTS} taking turns with (b)'s`, `${starts.static.toFixed(0)} ms`],
      ['cold start to the first 200, database mode, migrations applied', `${starts.database.toFixed(0)} ms`],
      ['first start on an empty database (migrations and seeding)', `${starts.first.toFixed(0)} ms`],
      [
        `cold start to the first 200 of (b), the bare NestJS app, its compile cache filled, median of ${COLD_STARTS}`,
        `${starts.bare.toFixed(0)} ms`,
      ],
      [
        `RSS idle at least ${IDLE_AFTER_START_SECONDS} s after start: static mode; database mode; (b)`,
        [rss.staticIdle, rss.idle, rss.bareIdle].map((mb) => `${mb.toFixed(0)} MB`).join('; '),
      ],
      [
        `RSS after the rounds and ${RSS_LOAD_SECONDS} s more load: database mode; (b)`,
        `${rss.loaded.toFixed(0)} MB; ${rss.bareLoaded.toFixed(0)} MB`,
      ],
      [`RSS ${REST_SECONDS} s after the load: database mode; (b)`, `${rss.rested.toFixed(0)} MB; ${rss.bareRested.toFixed(0)} MB`],
      [
        `RSS, database mode in the image: idle, after the load, ${REST_SECONDS} s after it`,
        [rss.image.idle, rss.image.loaded, rss.image.rested].map((mb) => `${mb.toFixed(0)} MB`).join(', '),
      ],
    ]),
    '',
    growthSection.section,
    '',
    large.section,
    '',
    kept.section,
    '',
    '### Targets',
    '',
    targetsTable(targets),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const section = await withDatabases(2 + GROWTH_FACTORS.length + HISTORY_DATABASES, run);
  process.stdout.write(`\n${section}\n`);
  writeBenchmarks(join(__dirname, '..', '..', 'BENCHMARKS.md'), section);
}

main().catch((error: unknown) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});

/** The start-small issue's targets: ratios to (b) and (a) from this run. */
function startSmallTargets(starts: Outcome['starts'], rss: Outcome['rss'], readRows: Measured[]): Target[] {
  const resultOf = (route: string, server: string) => readRows.find((row) => row.route === route && row.server.startsWith(server))!.result;
  /** The database-mode service's list and detail against (b) or (a), each measured by `pick` (more is better). */
  const readsAtLeast = (goal: string, pick: (result: LoadResult) => number, base: 'a ' | 'b ', least: number): Target => {
    const [list, detail] = [COMPARED_ROUTES[0], DETAIL_PATH].map(
      (route) => pick(resultOf(route, 'c service, database')) / pick(resultOf(route, base)),
    );
    return { goal, measured: `${ratio(list, 1)}, ${ratio(detail, 1)}`, reached: Math.min(list, detail) >= least };
  };
  const perSecond = (result: LoadResult) => result.rps;
  // A read's CPU cost, inverted: how many reads a second each server could answer on the same CPU.
  const perCpuSecond = (result: LoadResult) => 1 / result.cpuUsPerRequest!;
  return [
    { goal: "cold start, static <= (b)'s", ...atMost(starts.static, starts.bare, 1, 'ms') },
    { goal: "cold start, database (migrations applied) <= 2x (b)'s", ...atMost(starts.database, starts.bare, 2, 'ms') },
    { goal: "RSS idle, static <= 1.05x (b)'s", ...atMost(rss.staticIdle, rss.bareIdle, 1.05, 'MB') },
    { goal: "RSS after the load <= 1.5x (b)'s after the same load", ...atMost(rss.loaded, rss.bareLoaded, 1.5, 'MB') },
    { goal: `RSS ${REST_SECONDS} s after the load within 1.1x of idle`, ...atMost(rss.rested, rss.idle, 1.1, 'MB') },
    readsAtLeast('database-mode list and detail >= 1.5x (b)', perSecond, 'b ', 1.5),
    readsAtLeast('database-mode list and detail >= 0.45x (a)', perSecond, 'a ', 0.45),
    readsAtLeast("the same two by the server's CPU time per read: (b)'s / (c)'s >= 1.5", perCpuSecond, 'b ', 1.5),
    readsAtLeast("the same two by the server's CPU time per read: (a)'s / (c)'s >= 0.45", perCpuSecond, 'a ', 0.45),
  ];
}
