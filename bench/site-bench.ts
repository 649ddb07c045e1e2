/**
 * `npm run bench:site` (and the end of `npm run bench`): the social cards. How long a card takes to
 * render (the first, which loads the renderer, and one after each change of what it shows), what
 * rendering costs the public reads running meanwhile (p99, alone and while cards render one after
 * another), and the cards' bytes; the sitemap's and feeds' bytes beside them. Writes its section of
 * BENCHMARKS.md.
 */
import { benchSectionOnADatabase } from './http/databases';
import type { LoadResult } from './http/load';
import { LongestHold } from './http/event-loop-holds';
import { BENCH_ADMIN_TOKEN, type BenchServer, PROBED_SERVICE, startServiceOn } from './http/processes';
import { figuresTable, loadTable, machineDescription, latencies, ratio, type Target, targetsTable } from './http/report';
import { log, measure, measureWhile, SECONDS } from './http/rounds';

const TIMED = 9;
const READ_PATH = '/api/projects/tidewatch';
const CARD_PATH = '/api/projects/ledger-lens/og-image.png';
const SLUGS = ['tidewatch', 'ledger-lens', 'graph-routing-thesis', 'physio-planner', 'grid-load-forecasting', 'portfolio-platform'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(service: BenchServer, path: string, init: RequestInit = {}): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(service.origin + path, {
    ...init,
    headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, ...init.headers },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

/** A change of what the card shows. */
const change = (service: BenchServer, n: number) =>
  timed(service, '/api/projects/ledger-lens', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ description: `Personal finance analytics, edition ${n}.` }),
  });

/** A change, then the card: the read renders it. Each one's time; the card was read by the change before, so the change renews it. */
async function changeAndRender(service: BenchServer, n: number): Promise<{ changeMs: number; renderMs: number }> {
  const changeMs = (await change(service, n)).ms;
  return { changeMs, renderMs: (await timed(service, CARD_PATH)).ms };
}

/**
 * Reads while changes follow one another, each with its card read (rendered) or without, pausing
 * as long as a render takes so that changes land as often: the difference is what rendering costs.
 */
const readsWhileChanging = (service: BenchServer, renderCards: boolean, renderMs: number): Promise<LoadResult> =>
  measureWhile(service, READ_PATH, (n) =>
    renderCards
      ? changeAndRender(service, 1000 + n)
      : change(service, 5000 + n).then(() => new Promise((resolve) => setTimeout(resolve, renderMs))),
  );

async function run([databaseUrl]: string[]): Promise<string> {
  log('site: starting the service');
  const service = await startServiceOn(databaseUrl, READ_PATH, {}, PROBED_SERVICE);
  const hold = new LongestHold(service);
  try {
    const first = (await timed(service, CARD_PATH)).ms;
    log(`site: ${TIMED} cards rendered after a change`);
    const timings = [];
    for (let n = 0; n < TIMED; n += 1) timings.push(await changeAndRender(service, n));
    const readsAgain = [];
    for (let n = 0; n < TIMED; n += 1) readsAgain.push((await timed(service, CARD_PATH)).ms);
    const cardBytes = await Promise.all(SLUGS.map(async (slug) => (await timed(service, `/api/projects/${slug}/og-image.png`)).bytes));
    const homeBytes = (await timed(service, '/api/site/og-image.png')).bytes;
    const textBytes = await Promise.all(
      ['/api/site/sitemap.xml', '/api/site/feed.atom', '/api/site/feed.json'].map(
        async (path) => [path, (await timed(service, path)).bytes] as const,
      ),
    );

    const changeMs = median(timings.map(({ changeMs }) => changeMs));
    const renderMs = median(timings.map(({ renderMs }) => renderMs));
    const again = median(readsAgain);
    log('site: public reads alone, while changes land, and while each change is also rendered');
    const alone = await measure(service, READ_PATH);
    const changing = await readsWhileChanging(service, false, renderMs);
    const during = await hold.during(() => readsWhileChanging(service, true, renderMs));

    const targets: Target[] = [
      {
        goal: 'a card rendered within 1 s of its first read after a change',
        measured: `${renderMs.toFixed(0)} ms (median of ${TIMED})`,
        reached: renderMs < 1000,
      },
      {
        goal: "public reads' p99 while every change is rendered within 2x their p99 while the same changes land unrendered",
        measured: latencies(during.p99, changing.p99),
        reached: during.p99 <= 2 * changing.p99,
      },
      hold.target('while every change is rendered'),
    ];
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    return [
      '## Social cards, sitemap and feeds (`npm run bench:site`, also run by `npm run bench`)',
      '',
      `${machineDescription()}. ${SECONDS} s a measurement; the service built for production on jemalloc, its event loop watched by \`monitorEventLoopDelay\` (1 ms resolution), with a database holding the demo content.`,
      '',
      targetsTable(targets),
      '',
      figuresTable([
        ['the first card (loads satori, sharp and the fonts, then renders)', `${first.toFixed(0)} ms`],
        [`a change of what a card shows (PATCH), the card read just before, answered in, median of ${TIMED}`, `${changeMs.toFixed(0)} ms`],
        [`a card read after a change of what it shows (renders it), median of ${TIMED}`, `${renderMs.toFixed(0)} ms`],
        [`the same card read again (prepared bytes), median of ${TIMED}`, `${again.toFixed(1)} ms`],
        [
          'the six project cards (PNG); the home card (PNG, no photo)',
          `${kib(Math.min(...cardBytes))} to ${kib(Math.max(...cardBytes))}; ${kib(homeBytes)}`,
        ],
        [`${textBytes.map(([path]) => path).join(', ')} (uncompressed)`, textBytes.map(([, bytes]) => kib(bytes)).join(', ')],
      ]),
      '',
      loadTable(
        [
          { route: READ_PATH, server: 'c service, reads alone', result: alone },
          {
            route: READ_PATH,
            server: 'c service, reads while changes land',
            result: changing,
            ratios: [ratio(changing.p99, alone.p99), ''],
          },
          {
            route: READ_PATH,
            server: 'c service, reads while changes land and render',
            result: during,
            ratios: [ratio(during.p99, alone.p99), ratio(during.p99, changing.p99)],
          },
        ],
        ['p99 / alone', 'p99 / changes unrendered'],
      ),
    ].join('\n');
  } finally {
    await service.stop();
  }
}

void benchSectionOnADatabase('site-bench', run);
