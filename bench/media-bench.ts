/**
 * `npm run bench:media` (and the end of `npm run bench`): the media library, side by side in one
 * run. A 12-megapixel JPEG processed into all its variants (time, RSS the service adds); public
 * reads' p99 alone and while two such uploads run (interleaved rounds); a hot variant served by the service against
 * the same bytes from a bare node:http server, from node:http doing a read's duties (a′) and from serve-static; and the bytes a visitor
 * downloads for the demo's project cards against their JPEGs. Writes its section of BENCHMARKS.md.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { benchSectionOnADatabase } from './http/databases';
import type { LoadResult } from './http/load';
import { LongestHold } from './http/event-loop-holds';
import { replayedHeaders } from './http/answers';
import { BENCH_ADMIN_TOKEN, type BenchServer, IMAGE, PROBED_SERVICE, RAW_HTTP_DUTIES, startServer, startServiceOn } from './http/processes';
import {
  aloneAndDuring,
  figuresTable,
  FLOOR_SHARE,
  loadTable,
  type Measured,
  machineDescription,
  latencies,
  P99_AGAINST_ALONE,
  ratio,
  type Target,
  targetsTable,
  median,
} from './http/report';
import { interleaved, log, measure, ROUNDS, SECONDS, WARM_UP_SECONDS } from './http/rounds';

const DIST = join(__dirname, '..');
const UPLOADS = 3;
/** Pictures for one round of reads during uploads: more than the uploads answered in it, and the two in flight at its end. */
const PICTURES_A_ROUND = 6;
const READ_PATH = '/api/projects';
const SHIPPED = join(DIST, '..', 'assets', 'media', 'shipped');

interface Upload {
  ms: number;
  addedMb: number;
}
interface MediaItem {
  id: string;
  variants: { width: number; type: string; url: string }[];
}

/** A photograph's worth of detail at 4000×3000 (softened noise: harder to encode than most photos); `seed` makes each one new bytes. */
function twelveMegapixelJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 100 + seed, sigma: 40 } },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function upload(service: BenchServer, bytes: Buffer): Promise<{ item: MediaItem; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${service.origin}/api/admin/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'Content-Type': 'image/jpeg' },
    body: bytes,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return { item: (await response.json()) as MediaItem, ms: performance.now() - started };
}

/** One upload, its RSS sampled every 10 ms: the peak over the RSS before it. */
async function measuredUpload(service: BenchServer, bytes: Buffer): Promise<Upload & { item: MediaItem }> {
  const before = service.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, service.rssMb())), 10);
  try {
    const { item, ms } = await upload(service, bytes);
    return { item, ms, addedMb: Math.max(peak, service.rssMb()) - before };
  } finally {
    clearInterval(sampler);
  }
}

/** Public reads while two uploads at a time run for the whole measurement; and how many uploads were answered meanwhile. */
async function readsDuringUploads(service: BenchServer, pictures: Buffer[]): Promise<{ reads: LoadResult; uploads: number }> {
  let running = true;
  let next = 0;
  let answered = 0;
  const uploader = async () => {
    while (running)
      await upload(service, pictures[next++ % pictures.length]).then(
        () => (answered += 1),
        () => undefined,
      );
  };
  const uploaders = [uploader(), uploader()];
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = answered;
    const reads = await measure(service, READ_PATH);
    return { reads, uploads: answered - before };
  } finally {
    running = false;
    await Promise.all(uploaders);
  }
}

/** Every card of the demo at 640 px in AVIF (a phone's 2x card) against the JPEG fallback at full width. */
function cardBytes(): { avif: number; webp: number; jpeg: number } {
  const manifest = JSON.parse(readFileSync(join(SHIPPED, 'manifest.json'), 'utf8')) as { variants: { name: string; bytes: number }[] }[];
  const sum = (pick: (names: Map<string, number>) => number) =>
    manifest.reduce((total, item) => total + pick(new Map(item.variants.map((variant) => [variant.name, variant.bytes]))), 0);
  return {
    avif: sum((names) => names.get('640.avif')!),
    webp: sum((names) => names.get('640.webp')!),
    jpeg: sum((names) => names.get('960.jpg')!),
  };
}

async function run([databaseUrl]: string[]): Promise<string> {
  const workDir = mkdtempSync(join(tmpdir(), 'portfolio-media-bench-'));
  const servers: BenchServer[] = [];
  try {
    log('media: starting the service');
    const service = await startServiceOn(databaseUrl, READ_PATH, {}, PROBED_SERVICE);
    servers.push(service);
    const hold = new LongestHold(service);
    const pictures = await Promise.all(Array.from({ length: UPLOADS + PICTURES_A_ROUND * ROUNDS }, (_, seed) => twelveMegapixelJpeg(seed)));
    const idleMb = service.rssMb();

    log('media: uploads of 12-megapixel JPEGs, one at a time');
    const uploads: Upload[] = [];
    let item: MediaItem | undefined;
    for (const picture of pictures.slice(0, UPLOADS)) {
      const measured = await measuredUpload(service, picture);
      log(`  ${measured.ms.toFixed(0)} ms, +${measured.addedMb.toFixed(0)} MB RSS`);
      uploads.push(measured);
      item ??= measured.item;
    }

    // What a browser without AVIF or WebP, and a link preview, are sent of the photo: sized for their use, not the original.
    const fallbackKib = async (width: number) =>
      (await (await fetch(`${service.origin}/api/media/${item!.id}/${width}.jpg`)).arrayBuffer()).byteLength / 1024;
    const fallbacks = { original: await fallbackKib(4000), shown: await fallbackKib(1920), preview: await fallbackKib(1200) };

    log('media: public reads alone, then during two uploads at a time, interleaved');
    let uploadsDuring = 0;
    let round = 0;
    const measured = await interleaved([
      ['alone', () => measure(service, READ_PATH)],
      [
        'during',
        async () => {
          // New bytes each round: the same bytes again would be answered 200, not counted as uploaded.
          const first = UPLOADS + PICTURES_A_ROUND * round++;
          const { reads, uploads } = await hold.during(() => readsDuringUploads(service, pictures.slice(first, first + PICTURES_A_ROUND)));
          uploadsDuring += uploads;
          return reads;
        },
      ],
    ]);
    const [alone, during] = [measured.get('alone')!, measured.get('during')!];

    log('media: a hot variant');
    const variant = item!.variants.find((candidate) => candidate.width === 640 && candidate.type === 'image/avif')!;
    const answer = await fetch(service.origin + variant.url);
    const bytes = Buffer.from(await answer.arrayBuffer());
    const pictureFile = join(workDir, 'pictures', '640.avif');
    mkdirSync(join(workDir, 'pictures'));
    writeFileSync(pictureFile, bytes);
    // (a′) sends as many bytes with the service's headers: what a picture's bytes are does not change what sending them costs.
    const [bodiesFile, headersFile] = [join(workDir, 'picture-body.json'), join(workDir, 'picture-headers.json')];
    writeFileSync(bodiesFile, JSON.stringify({ '/640.avif': 'x'.repeat(bytes.length) }));
    writeFileSync(headersFile, JSON.stringify({ '/640.avif': replayedHeaders(answer) }));
    const bare = await startServer(
      'a node:http, same bytes',
      { script: join(DIST, 'bench', 'servers', 'picture-bytes.js'), ...IMAGE },
      { BENCH_PICTURE: pictureFile },
      '/',
    );
    servers.push(bare);
    const dutiful = await startServer(
      "a′ node:http, a read's duties",
      { ...RAW_HTTP_DUTIES, ...IMAGE },
      { BENCH_BODIES: bodiesFile, BENCH_HEADERS: headersFile },
      '/640.avif',
    );
    servers.push(dutiful);
    const serveStatic = await startServer(
      'serve-static, same file',
      { script: join(DIST, 'bench', 'servers', 'serve-static-pictures.js'), ...IMAGE },
      { BENCH_PICTURES: join(workDir, 'pictures') },
      '/640.avif',
    );
    servers.push(serveStatic);
    const hot: Measured[] = [];
    const served = await measure(service, variant.url);
    const floor = await measure(bare, '/640.avif');
    const duties = await measure(dutiful, '/640.avif');
    const usual = await measure(serveStatic, '/640.avif');
    hot.push(
      {
        route: 'a 640 px AVIF',
        server: service.name,
        result: served,
        ratios: [ratio(served.rps, floor.rps), ratio(served.rps, duties.rps), ratio(served.rps, usual.rps)],
      },
      { route: 'a 640 px AVIF', server: bare.name, result: floor },
      { route: 'a 640 px AVIF', server: dutiful.name, result: duties, ratios: [ratio(duties.rps, floor.rps)] },
      { route: 'a 640 px AVIF', server: serveStatic.name, result: usual },
    );

    const uploadMs = median(uploads.map((measured) => measured.ms));
    const peakMb = Math.max(...uploads.map((measured) => measured.addedMb));
    const cards = cardBytes();
    const targets: Target[] = [
      {
        goal: 'a 12-megapixel JPEG into all its variants in under 6 s',
        measured: `${(uploadMs / 1000).toFixed(2)} s (median of ${UPLOADS})`,
        reached: uploadMs < 6000,
      },
      {
        goal: 'RSS it adds under 300 MB',
        measured: `${peakMb.toFixed(0)} MB (the most of ${UPLOADS}; idle ${idleMb.toFixed(0)} MB)`,
        reached: peakMb < 300,
      },
      {
        goal: "public reads' p99 during two uploads under 2x their p99 without",
        measured: latencies(during.p99, alone.p99),
        reached: during.p99 < 2 * alone.p99,
      },
      hold.target('during those uploads'),
      {
        goal: `a hot variant at least ${FLOOR_SHARE}x (a′), node:http doing a read's duties`,
        measured: `${ratio(served.rps, duties.rps)}; (a′) itself: ${ratio(duties.rps, floor.rps)} of (a)`,
        reached: served.rps >= FLOOR_SHARE * duties.rps,
      },
    ];
    return [
      '## Media (`npm run bench:media`, also run by `npm run bench`)',
      '',
      `${machineDescription()}. ${SECONDS} s a measurement, the reads alone and during uploads ${ROUNDS} interleaved rounds averaged; the service built for production on jemalloc with a database, its event loop watched by \`monitorEventLoopDelay\` (1 ms resolution); uploads sent by the harness (fetch), one at a time unless said. RSS and server CPU are those of the service's processes: its own and its encoder's.`,
      '',
      targetsTable(targets),
      '',
      loadTable(aloneAndDuring(READ_PATH, alone, during, 'during two uploads at a time'), [P99_AGAINST_ALONE]),
      '',
      loadTable(hot, ['/ (a)', '/ (a′)', '/ serve-static']),
      '',
      figuresTable([
        [
          `uploads answered while the reads beside them ran (${WARM_UP_SECONDS} s of warm-up and ${SECONDS} s, ${ROUNDS} rounds in all), two sent at a time`,
          String(uploadsDuring),
        ],
        [
          'the demo cards at 640 px (all six): AVIF; WebP',
          [cards.avif, cards.webp].map((bytes) => `${(bytes / 1024).toFixed(0)} KiB: ${ratio(bytes, cards.jpeg)} of the JPEGs`).join('; '),
        ],
        ['the demo cards as their JPEGs at full width (960 px, stripped)', `${(cards.jpeg / 1024).toFixed(0)} KiB`],
        [
          'a 12-megapixel photo as a browser without AVIF or WebP gets it (1920 px), and as link previews, feeds and structured data link it (1200 px)',
          `${fallbacks.shown.toFixed(0)} KiB, ${fallbacks.preview.toFixed(0)} KiB; the original they were sent before: ${fallbacks.original.toFixed(0)} KiB`,
        ],
      ]),
    ].join('\n');
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(workDir, { recursive: true, force: true });
  }
}

void benchSectionOnADatabase('media-bench', run);
