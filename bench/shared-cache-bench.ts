/**
 * `npm run bench:shared-cache` (and the end of `npm run bench`): the service behind the
 * repository's Varnish (deploy/varnish), purged on every change. Over a mixed read load with a
 * change every second: how many visitor requests reach the origin, how soon a change is seen
 * through the cache, and what the visitors' p99 is against the origin alone. Writes its section of
 * BENCHMARKS.md.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { benchSectionOnADatabase } from './http/databases';
import { load, type LoadResult } from './http/load';
import { BENCH_ADMIN_TOKEN, type BenchServer, freePort, startServiceOn } from './http/processes';
import { PUBLIC_READ_PATHS } from './http/public-paths';
import { figuresTable, loadTable, machineDescription, ratio, type Target, targetsTable, median } from './http/report';
import { log, SECONDS, WARM_UP_SECONDS } from './http/rounds';
import { LocalVarnish, varnishMissing } from './http/varnish';

const VARNISH_DEPLOYMENT = join(__dirname, '..', '..', 'deploy', 'varnish');
const PURGE_TOKEN = randomBytes(32).toString('base64');
/** What visitors read, with a second detail in Dutch. */
const MIX = [...PUBLIC_READ_PATHS, '/api/projects/ledger-lens?lang=nederlands'];
const CHANGE_EVERY_MS = 1_000;
const TIMED = 9;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function change(service: BenchServer, title: string): Promise<void> {
  const response = await fetch(`${service.origin}/api/projects/tidewatch`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  if (!response.ok) throw new Error(`PATCH: ${response.status}`);
}

/** A mixed load against `origin`, warmed up first, while a change lands every second. */
async function mixedLoad(origin: string, service: BenchServer): Promise<LoadResult> {
  await load(origin + MIX[0], { seconds: WARM_UP_SECONDS, paths: MIX });
  let running = true;
  let n = 0;
  const changer = (async () => {
    while (running) {
      await change(service, `Tidewatch, change ${(n += 1)}`);
      await sleep(CHANGE_EVERY_MS);
    }
  })();
  try {
    return await load(origin + MIX[0], { seconds: SECONDS, paths: MIX });
  } finally {
    running = false;
    await changer;
  }
}

/** From a change at the origin to its first sight through the cache. */
async function timeToVisibility(service: BenchServer, varnish: LocalVarnish, n: number): Promise<number> {
  const title = `Tidewatch, seen ${n}`;
  await fetch(`${varnish.origin}/api/projects/tidewatch`);
  const started = performance.now();
  await change(service, title);
  for (;;) {
    const { title: seen } = (await (await fetch(`${varnish.origin}/api/projects/tidewatch`)).json()) as { title: string };
    if (seen === title) return performance.now() - started;
    if (performance.now() - started > 10_000) throw new Error('a change was not seen through the cache within 10 s');
    await sleep(5);
  }
}

async function run([databaseUrl]: string[]): Promise<string> {
  const varnishPort = await freePort();
  log('shared cache: starting the service and Varnish in front of it');
  const service = await startServiceOn(databaseUrl, '/api/projects', {
    CDN_PURGE: 'varnish',
    CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
    CDN_PURGE_TOKEN: PURGE_TOKEN,
  });
  const varnish = await LocalVarnish.start(VARNISH_DEPLOYMENT, [Number(new URL(service.origin).port)], {
    port: varnishPort,
    purgeToken: PURGE_TOKEN,
  });
  try {
    log('shared cache: the mixed load against the origin alone, then through Varnish');
    const alone = await mixedLoad(service.origin, service);
    const before = varnish.backendRequests();
    const through = await mixedLoad(varnish.origin, service);
    const visitorRequests = Object.values(through.statuses).reduce((sum, count) => sum + count, 0);
    const originPer10k = ((varnish.backendRequests() - before) / visitorRequests) * 10_000;

    log(`shared cache: ${TIMED} changes, each until seen through the cache`);
    const visible = [];
    for (let n = 0; n < TIMED; n += 1) visible.push(await timeToVisibility(service, varnish, n));
    const visibleMs = median(visible);
    const instances = Math.ceil(through.rps / alone.rps);

    const targets: Target[] = [
      {
        goal: 'origin requests per 10,000 visitor requests, a change every second included, at most 50',
        measured: `${originPer10k.toFixed(1)} (${visitorRequests} visitor requests)`,
        reached: originPer10k <= 50,
      },
      {
        goal: 'a change seen through the cache within 2 s',
        measured: `${visibleMs.toFixed(0)} ms (median of ${TIMED}; at most ${Math.max(...visible).toFixed(0)} ms)`,
        reached: Math.max(...visible) < 2_000,
      },
    ];
    return [
      '## Through a shared cache (`npm run bench:shared-cache`, also run by `npm run bench`)',
      '',
      `${machineDescription()}. ${SECONDS} s a measurement; the service built for production on jemalloc with a database holding the demo content, CDN_PURGE=varnish, behind Debian's varnishd with deploy/varnish/default.vcl; wrk with 64 connections, asking ${MIX.length} public reads in turn, while a project changes every second.`,
      '',
      targetsTable(targets),
      '',
      figuresTable([
        ['visitor requests a second through Varnish', through.rps.toFixed(0)],
        ['the same load against one instance alone, requests a second', alone.rps.toFixed(0)],
        ['instances this load would need without the cache (throughput through Varnish / one instance)', String(instances)],
      ]),
      '',
      loadTable(
        [
          { route: 'mixed reads', server: 'c service alone', result: alone },
          { route: 'mixed reads', server: 'Varnish in front', result: through, ratios: [ratio(through.p99, alone.p99)] },
        ],
        ['p99 / alone'],
      ),
    ].join('\n');
  } finally {
    await varnish.stop();
    await service.stop();
  }
}

async function main(): Promise<void> {
  const missing = varnishMissing();
  if (missing) {
    log(missing);
    return;
  }
  await benchSectionOnADatabase('shared-cache-bench', run);
}

void main();
