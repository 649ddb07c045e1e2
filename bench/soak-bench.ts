/**
 * `npm run bench:soak` (and the end of `npm run bench`): memory under a soak of mixed load. The
 * service (database mode, as the image runs it, mails going to a local SMTP server) and the bare
 * NestJS app take the same load in turn: public reads of every domain and a picture (wrk), and
 * meanwhile contact messages, admin writes, picture uploads, and the database cut for a while.
 * RSS idle, once everything was served once, right after the load, and every ten seconds of the
 * minute after; then the same soak of both on the operator guide's runtime for small memory (V8
 * favouring size over speed), right after it and the reads it cost. Writes its section of
 * BENCHMARKS.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { benchSectionOnADatabase } from './http/databases';
import { CONNECTIONS, load } from './http/load';
import { MailSink } from './http/mail-sink';
import { BARE_NEST, BENCH_ADMIN_TOKEN, type BenchServer, IMAGE, type Runtime, runtimeWords, SERVICE, startServer } from './http/processes';
import { COMPARED_ROUTES, PUBLIC_READ_PATHS } from './http/public-paths';
import { against, atMost, figuresTable, fixed, machineDescription, table, type Target, targetsTable } from './http/report';
import { log } from './http/rounds';
import { TcpProxy } from './http/tcp-proxy';

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);
const CUT_SECONDS = 5;
/** Long enough for the service's idle heap release, which looks at the event loop every 5 s, to have run after start-up or work. */
const IDLE_SECONDS = 12;
const REST_SECONDS = 60;
const SAMPLE_EVERY_SECONDS = 10;
const READY_PATH = '/api/projects';
/** What the SPA and the crawlers read, in both languages; a picture is added once uploaded. */
const READ_PATHS = [...PUBLIC_READ_PATHS, '/api/projects/tidewatch?lang=nederlands', '/api/feature-flags'];
/**
 * What the operator guide offers where memory is billed and reads are few, the image's runtime
 * with V8 asked to favour size over speed (`NODE_OPTIONS="--max-semi-space-size=8 --optimize-for-size"`):
 * soaked as the image's own runtime is, the service and (b) alike.
 */
const SIZE_OVER_SPEED: Runtime = { ...IMAGE, nodeFlags: [...IMAGE.nodeFlags, '--optimize-for-size'] };

type Statuses = Record<string, number>;

/** What the harness sent beside the reads, by kind, and how each was answered. */
interface SoakOutcome {
  reads: Statuses;
  readsPerSecond: number;
  readsP99Ms: number;
  work: Record<string, Statuses>;
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** A picture of 2 megapixels, new bytes for each `seed`. */
function photograph(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 60 + (seed % 100), sigma: 30 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Sends requests to one server, counting the answers by kind and status. */
class Requests {
  readonly statuses: Record<string, Statuses> = {};

  constructor(private readonly server: BenchServer) {}

  async send(kind: string, method: string, path: string, body?: object | Buffer): Promise<Response | undefined> {
    const binary = Buffer.isBuffer(body);
    const headers: Record<string, string> = {
      authorization: `Bearer ${BENCH_ADMIN_TOKEN}`,
      ...(body ? { 'content-type': binary ? 'image/jpeg' : 'application/json' } : {}),
    };
    const counts = (this.statuses[kind] ??= {});
    try {
      const response = await fetch(this.server.origin + path, { method, headers, body: binary ? body : body && JSON.stringify(body) });
      counts[response.status] = (counts[response.status] ?? 0) + 1;
      return response;
    } catch {
      counts.failed = (counts.failed ?? 0) + 1;
      return undefined;
    }
  }
}

/** Runs `work` again and again (its n-th run given n) until `until` settles. */
async function repeat(until: Promise<unknown>, work: (n: number) => Promise<unknown>): Promise<void> {
  let done = false;
  const stop = () => (done = true);
  until.then(stop, stop);
  for (let n = 1; !done; n += 1) await work(n);
}

/** The kinds of work beside the reads, each one request at a time, its n-th request given n. */
function workOf(requests: Requests, pictures: Buffer[]): ((n: number) => Promise<unknown>)[] {
  let uploaded: string | undefined;
  return [
    (n) =>
      requests.send('contact messages', 'POST', '/api/contact', {
        name: 'Soak Tester',
        email: `visitor-${n}@example.com`,
        message: `Message number ${n} of the soak, long enough to be kept.`,
      }),
    (n) => requests.send('admin writes', 'PATCH', '/api/profile', { location: `Soak city ${n}` }),
    async (n) => {
      const answer = await requests.send('uploads', 'POST', '/api/admin/media', pictures[n % pictures.length]);
      const id = answer?.status === 201 ? ((await answer.json()) as { id: string }).id : undefined;
      if (uploaded) await requests.send('deletes', 'DELETE', `/api/admin/media/${uploaded}`);
      uploaded = id;
    },
  ];
}

/** One of each kind of work and a read of every path: what a service has loaded once it has served everything once. */
async function once(server: BenchServer, pictures: Buffer[]): Promise<void> {
  const requests = new Requests(server);
  for (const work of workOf(requests, pictures)) await work(0);
  for (const path of READ_PATHS) await requests.send('reads', 'GET', path);
}

/** The soak on one server: reads from wrk, and beside them the other work, and the database cut mid-way. */
async function soak(server: BenchServer, proxy: TcpProxy, pictures: Buffer[]): Promise<SoakOutcome> {
  const requests = new Requests(server);
  const reads = load(server.origin + READY_PATH, { seconds: SOAK_SECONDS, paths: READ_PATHS });
  await Promise.all([
    reads,
    ...workOf(requests, pictures).map((work) => repeat(reads, work)),
    (async () => {
      await sleep(SOAK_SECONDS / 2 - CUT_SECONDS / 2);
      await proxy.cut();
      await sleep(CUT_SECONDS);
      await proxy.restore();
    })(),
  ]);
  const { rps, p99, statuses } = await reads;
  return { reads: statuses, readsPerSecond: rps, readsP99Ms: p99, work: requests.statuses };
}

interface Memory {
  rss: number;
  anon: number;
  /** The server's own process, without the processes it started. */
  own: number;
}

const memoryOf = (server: BenchServer): Memory => ({ rss: server.rssMb(), anon: server.rssAnonMb(), own: server.ownRssMb() });
const shown = ({ rss, anon, own }: Memory) =>
  `${rss.toFixed(0)} MB (${anon.toFixed(0)} MB anonymous${own.toFixed(0) === rss.toFixed(0) ? '' : `; its own process ${own.toFixed(0)} MB`})`;

/** Memory every SAMPLE_EVERY_SECONDS of the rest after the load, every server read at the same moments. */
async function rest(servers: BenchServer[]): Promise<Memory[][]> {
  const samples: Memory[][] = [];
  for (let second = SAMPLE_EVERY_SECONDS; second <= REST_SECONDS; second += SAMPLE_EVERY_SECONDS) {
    await sleep(SAMPLE_EVERY_SECONDS);
    samples.push(servers.map(memoryOf));
  }
  return samples;
}

/** One runtime's soak: the service's and (b)'s memory right after, and how each answered. */
interface RuntimeSoak {
  runtime: Runtime;
  loaded: Memory[];
  outcomes: SoakOutcome[];
}

/** The soak on each server in turn, all on one runtime. */
async function soakEach(runtime: Runtime, servers: BenchServer[], proxy: TcpProxy, pictures: Buffer[]): Promise<RuntimeSoak> {
  const soaked: RuntimeSoak = { runtime, loaded: [], outcomes: [] };
  for (const server of servers) {
    log(`soak: ${SOAK_SECONDS} s of mixed load on ${server.name}, the database cut for ${CUT_SECONDS} s mid-way`);
    soaked.outcomes.push(await soak(server, proxy, pictures));
    soaked.loaded.push(memoryOf(server));
  }
  return soaked;
}

/** A new service and (b) on `runtime`, each served everything once, then soaked, then stopped. */
async function soakAnew(
  runtime: Runtime,
  serviceEnv: Record<string, string>,
  bodiesFile: string,
  proxy: TcpProxy,
  pictures: Buffer[],
): Promise<RuntimeSoak> {
  log(`soak: again on ${runtimeWords(runtime)}`);
  const servers = [await startServer('c service, database', { ...SERVICE, ...runtime }, serviceEnv, READY_PATH)];
  try {
    servers.push(await startServer('b bare NestJS controller', { ...BARE_NEST, ...runtime }, { BENCH_BODIES: bodiesFile }, READY_PATH));
    for (const server of servers) await once(server, pictures);
    await sleep(IDLE_SECONDS);
    return await soakEach(runtime, servers, proxy, pictures);
  } finally {
    for (const server of servers) await server.stop();
  }
}

const readsOf = ({ readsPerSecond, readsP99Ms }: SoakOutcome) => `${fixed(readsPerSecond)} req/s, p99 ${fixed(readsP99Ms, 1)} ms`;

/** Each runtime's soak in a row: RSS right after against (b)'s, and the reads of each. */
const runtimesTable = (soaks: RuntimeSoak[]) =>
  table(
    ['Node runtime', 'RSS right after: service / (b)', 'reads of the service', 'reads of (b)'],
    soaks.map(({ runtime, loaded, outcomes }) => [
      runtimeWords(runtime),
      against(loaded[0].rss, loaded[1].rss, 'MB'),
      readsOf(outcomes[0]),
      readsOf(outcomes[1]),
    ]),
  );

const answered = (statuses: Statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count.toLocaleString('en-US')}`)
    .join(', ');

async function run([databaseUrl]: string[]): Promise<string> {
  const workDir = mkdtempSync(join(tmpdir(), 'portfolio-soak-'));
  const sink = await MailSink.start();
  const database = new URL(databaseUrl);
  const proxy = await TcpProxy.start({ host: database.hostname, port: Number(database.port || 5432) });
  database.port = String(proxy.port);
  const servers: BenchServer[] = [];
  try {
    log('soak: starting the service and the bare NestJS app');
    const serviceEnv = {
      DATABASE_URL: database.toString(),
      API_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'info',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      CONTACT_RECIPIENT: 'owner@example.com',
    };
    const service = await startServer('c service, database', SERVICE, serviceEnv, READY_PATH);
    servers.push(service);
    const bodies: Record<string, string> = {};
    for (const route of COMPARED_ROUTES) bodies[route] = await (await fetch(service.origin + route)).text();
    const bodiesFile = join(workDir, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    // On the service's own runtime (the image's): memory is compared allocator for allocator.
    const bare = await startServer('b bare NestJS controller', { ...BARE_NEST, ...IMAGE }, { BENCH_BODIES: bodiesFile }, READY_PATH);
    servers.push(bare);
    await sleep(IDLE_SECONDS);
    const idle = servers.map(memoryOf);

    const pictures = await Promise.all([1, 2, 3].map(photograph));
    const picture = await new Requests(service).send('picture', 'POST', '/api/admin/media', pictures[0]);
    const { variants } = (await picture!.json()) as { variants: { url: string }[] };
    READ_PATHS.push(new URL(variants[0].url, service.origin).pathname);
    for (const server of servers) await once(server, pictures);
    await sleep(IDLE_SECONDS);
    const warm = servers.map(memoryOf);

    const onImage = await soakEach(IMAGE, servers, proxy, pictures);
    const { outcomes, loaded } = onImage;
    log(`soak: ${REST_SECONDS} s of rest`);
    const rested = await rest(servers);
    const serviceRested = rested[rested.length - 1][0];
    const onSizeOverSpeed = await soakAnew(SIZE_OVER_SPEED, serviceEnv, bodiesFile, proxy, pictures);

    const targets: Target[] = [
      { goal: "RSS right after the soak <= 1.5x (b)'s after the same load", ...atMost(loaded[0].rss, loaded[1].rss, 1.5, 'MB') },
      {
        goal: `RSS ${REST_SECONDS} s after the soak within 1.1x of idle once everything was served once`,
        ...atMost(serviceRested.rss, warm[0].rss, 1.1, 'MB'),
      },
      {
        goal: `RSS ${REST_SECONDS} s after the soak within 1.1x of idle after start`,
        ...atMost(serviceRested.rss, idle[0].rss, 1.1, 'MB'),
      },
    ];
    const both = (pair: Memory[]) => `${shown(pair[0])}; ${shown(pair[1])}`;
    return [
      '## A soak of mixed load (`npm run bench:soak`, also run by `npm run bench`)',
      '',
      `${machineDescription()}. The service runs as the image runs it (jemalloc, database mode through a TCP proxy the harness can cut, request logging at info, the throttler off, mails to an SMTP server in the harness); (b) is the bare NestJS controller of the reads' table. Each takes the same ${SOAK_SECONDS} s of load in turn: wrk on ${CONNECTIONS} connections reading ${READ_PATHS.length} paths in turn (every public domain, a list and a detail in Dutch, the sitemap, the flags and a picture's variant), and meanwhile, one request at a time each: contact messages (each from a new address), admin writes (PATCH /api/profile), uploads of a 2-megapixel JPEG (each deleting the one before), and the database cut for ${CUT_SECONDS} s mid-way. (b) answers what it does not serve with 404, as it would. Idle readings come ${IDLE_SECONDS} s after start, and again ${IDLE_SECONDS} s after one request of each kind: what the first contact and read of each path load (nodemailer and its templates, the sitemap's writer) stays loaded, by design, and is not what the load left behind; an upload's encoder process ends as soon as no upload waits. RSS is that of the service's processes: its own and, while it runs, its encoder's (where the two differ, its own process is said apart). Anonymous memory is RSS without the pages of mapped files (code and libraries).`,
      '',
      figuresTable([
        ['idle after start: service; (b)', both(idle)],
        ['idle once everything was served once: service; (b)', both(warm)],
        ['right after the soak: service; (b)', both(loaded)],
        [
          `RSS every ${SAMPLE_EVERY_SECONDS} s after the soak, to ${REST_SECONDS} s: service; (b)`,
          [0, 1].map((server) => `${rested.map((sample) => sample[server].rss.toFixed(0)).join(', ')} MB`).join('; '),
        ],
        ['reads of the service (wrk)', `${outcomes[0].readsPerSecond.toFixed(0)} req/s; ${answered(outcomes[0].reads)}`],
        [
          `${Object.keys(outcomes[0].work).join('; ')}, answered`,
          Object.values(outcomes[0].work)
            .map((statuses) => answered(statuses))
            .join('; '),
        ],
        ['mails the SMTP server took, in all', sink.received.toLocaleString('en-US')],
        ['reads of (b) (wrk)', `${outcomes[1].readsPerSecond.toFixed(0)} req/s; ${answered(outcomes[1].reads)}`],
      ]),
      '',
      targetsTable(targets),
      '',
      "The same soak on the runtime the operator guide offers where memory is billed and reads are few, V8 favouring size over speed, the service and (b) alike on it, each started anew and served everything once first; the first row is the soak above, on the image's own runtime:",
      '',
      runtimesTable([onImage, onSizeOverSpeed]),
    ].join('\n');
  } finally {
    for (const server of servers) await server.stop();
    await proxy.cut();
    await sink.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

void benchSectionOnADatabase('soak-bench', run);
