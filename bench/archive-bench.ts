/**
 * `npm run bench:archive` (and the end of `npm run bench`): archives of 10, then 20 pictures of 5 MB
 * (stored as uploads store them, without the minutes their encoding would take), exported and put
 * back over HTTP, beside `tar czf` of the same files as the floor: the time each takes, and how far
 * the service's RSS rose while it ran, which must not grow with the archive. Writes its section of
 * BENCHMARKS.md.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { benchSectionOnADatabase, runSql } from './http/databases';
import { BENCH_ADMIN_TOKEN, type BenchServer, startServiceOn } from './http/processes';
import { figuresTable, machineDescription, type Target, targetsTable } from './http/report';
import { log } from './http/rounds';

const PICTURES = 20;
const BYTES = 5 * 1024 * 1024;
const run = promisify(execFile);

/** How long `work` took, and how far the service's RSS rose over its start meanwhile (sampled every 10 ms). */
async function measured(service: BenchServer, work: () => Promise<unknown>): Promise<{ ms: number; risenMb: number }> {
  const before = service.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, service.rssMb())), 10);
  const started = performance.now();
  try {
    await work();
    return { ms: performance.now() - started, risenMb: Math.max(peak, service.rssMb()) - before };
  } finally {
    clearInterval(sampler);
  }
}

const curl = (...args: string[]) =>
  run('curl', ['--silent', '--show-error', '--fail-with-body', '-H', `Authorization: Bearer ${BENCH_ADMIN_TOKEN}`, ...args], {
    maxBuffer: 1024 * 1024,
  });

/** Adds `count` pictures of BYTES, incompressible, as an upload stores them (its original at its full width). */
async function storePictures(databaseUrl: string, count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) {
    const id = randomBytes(12).toString('hex');
    await runSql(
      `INSERT INTO media_items (id, width, height, fallback, bytes, placeholder) VALUES ($1, 2400, 1600, 'jpg', $2, 'AAAA')`,
      [id, BYTES],
      databaseUrl,
    );
    await runSql(
      `INSERT INTO media_variants (media_id, name, width, height, type, bytes, body) VALUES ($1, '2400.jpg', 2400, 1600, 'image/jpeg', $2, $3)`,
      [id, BYTES, randomBytes(BYTES)],
      databaseUrl,
    );
  }
}

/** An export and a put back of the pictures kept now: their times, the RSS each raised, and the archive's size. */
async function exportAndImport(service: BenchServer, file: string) {
  const exported = await measured(service, () => curl('-o', file, `${service.origin}/api/admin/archive`));
  const imported = await measured(service, () =>
    curl('-X', 'PUT', '-H', 'Content-Type: application/gzip', '-T', file, `${service.origin}/api/admin/archive`),
  );
  return { exported, imported, archiveMb: (await stat(file)).size / 1024 / 1024 };
}

async function bench([databaseUrl]: string[]): Promise<string> {
  log('archive: starting the service');
  const service = await startServiceOn(databaseUrl, '/api/projects');
  const folder = await mkdtemp(join(tmpdir(), 'archive-bench-'));
  try {
    const file = join(folder, 'portfolio.tar.gz');
    log(`archive: ${PICTURES / 2} pictures of ${BYTES / 1024 / 1024} MB, exported and put back`);
    await storePictures(databaseUrl, PICTURES / 2);
    const half = await exportAndImport(service, file);
    log(`archive: ${PICTURES} of them`);
    await storePictures(databaseUrl, PICTURES / 2);
    const { exported, imported, archiveMb } = await exportAndImport(service, file);
    log('archive: tar czf of the same files');
    const files = join(folder, 'files');
    await mkdir(files);
    await run('tar', ['xzf', file, '-C', files]);
    const started = performance.now();
    await run('tar', ['czf', join(folder, 'floor.tar.gz'), '-C', files, '.']);
    const floorMs = performance.now() - started;

    const rise = (measure: { risenMb: number }) => `+${measure.risenMb.toFixed(0)} MB`;
    const targets: Target[] = [
      {
        goal: `the service's RSS while exporting does not grow with the archive: at ${archiveMb.toFixed(0)} MB within 16 MB of its rise at ${half.archiveMb.toFixed(0)} MB`,
        measured: `${rise(exported)} / ${rise(half.exported)}`,
        reached: exported.risenMb <= half.exported.risenMb + 16,
      },
      {
        goal: 'the same while putting it back',
        measured: `${rise(imported)} / ${rise(half.imported)}`,
        reached: imported.risenMb <= half.imported.risenMb + 16,
      },
      {
        goal: 'an export within 3x `tar czf` of the same files',
        measured: `${(exported.ms / floorMs).toFixed(1)}x`,
        reached: exported.ms <= 3 * floorMs,
      },
    ];
    return [
      '## Archives (`npm run bench:archive`, also run by `npm run bench`)',
      '',
      `${machineDescription()}. The service built for production on jemalloc, one instance, with pictures of ${BYTES / 1024 / 1024} MB (incompressible) in PostgreSQL; curl as the client. RSS rises are the service's peak over its RSS before, sampled every 10 ms.`,
      '',
      targetsTable(targets),
      '',
      figuresTable([
        [
          `GET /api/admin/archive, ${PICTURES / 2} pictures (${half.archiveMb.toFixed(0)} MB)`,
          `${(half.exported.ms / 1000).toFixed(1)} s, RSS ${rise(half.exported)}`,
        ],
        [
          `GET /api/admin/archive, ${PICTURES} pictures (${archiveMb.toFixed(0)} MB)`,
          `${(exported.ms / 1000).toFixed(1)} s, RSS ${rise(exported)}`,
        ],
        [
          `PUT /api/admin/archive, ${PICTURES / 2} pictures (already kept)`,
          `${(half.imported.ms / 1000).toFixed(1)} s, RSS ${rise(half.imported)}`,
        ],
        [`PUT /api/admin/archive, ${PICTURES} pictures (already kept)`, `${(imported.ms / 1000).toFixed(1)} s, RSS ${rise(imported)}`],
        [`\`tar czf\` of the ${PICTURES} pictures' files (the floor)`, `${(floorMs / 1000).toFixed(1)} s`],
      ]),
    ].join('\n');
  } finally {
    await service.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

void benchSectionOnADatabase('archive-bench', bench);
