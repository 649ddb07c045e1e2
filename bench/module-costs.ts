/**
 * `npm run bench:modules`: what loading each dependency costs a fresh process, side by side in
 * one run: the time `require()` takes and the resident memory it adds, over a bare `node`, each
 * the median of ROUNDS alternating starts (the compile cache off, as a container's first start).
 * Prints a Markdown table for BENCHMARKS.md: which modules are worth loading only when the
 * configuration asks for them.
 */
import { spawnSync } from 'node:child_process';
import { median } from './http/report';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Each dependency as the service loads it, and when it needs it. */
const MODULES: [name: string, neededWhen: string][] = [
  ['@nestjs/core', 'always'],
  ['@nestjs/platform-express', 'always'],
  ['class-validator', 'always'],
  ['nestjs-pino', 'always'],
  ['helmet', 'always'],
  ['@nestjs/swagger', 'always (the description); its UI assets on the first /docs'],
  ['swagger-ui-dist', 'the first /docs'],
  ['typeorm', 'DATABASE_URL'],
  ['pg', 'DATABASE_URL'],
  ['@nestjs-cls/transactional-adapter-typeorm', 'DATABASE_URL'],
  ['ioredis', 'REDIS_URL'],
  ['puppeteer-core', 'the first CV generation'],
  ['handlebars', 'the first CV generation, or a mail'],
  ['@azure/app-configuration', 'APP_CONFIG_CONNECTION_STRING'],
  ['@opentelemetry/sdk-metrics', 'METRICS_PORT'],
  ['@opentelemetry/exporter-prometheus', 'METRICS_PORT'],
  ['nodemailer', 'SMTP_HOST'],
  ['@nestjs-modules/mailer', 'SMTP_HOST'],
  ['sharp', 'the first upload of a picture'],
  ['@azure/storage-blob', 'MEDIA_STORAGE=azure-blob'],
  ['passport-jwt', 'AZURE_TENANT_ID'],
  ['jose', 'AZURE_TENANT_ID'],
];

interface Cost {
  ms: number;
  rssMb: number;
}

const PROBE = `const t = performance.now(); if (process.argv[1]) require(process.argv[1]);
process.stdout.write(JSON.stringify({ ms: performance.now() - t, rssMb: process.memoryUsage().rss / 1048576 }));`;

function start(module: string): Cost {
  const { stdout, status, stderr } = spawnSync(process.execPath, ['-e', PROBE, module], {
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
    encoding: 'utf8',
  });
  if (status !== 0) throw new Error(`${module || 'node'}: ${stderr}`);
  return JSON.parse(stdout) as Cost;
}

const samples = new Map<string, Cost[]>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const module of ['', ...MODULES.map(([name]) => name)]) samples.set(module, [...(samples.get(module) ?? []), start(module)]);
}
const costOf = (module: string): Cost => {
  const runs = samples.get(module)!;
  return { ms: median(runs.map((run) => run.ms)), rssMb: median(runs.map((run) => run.rssMb)) };
};
const bare = costOf('');
const rows = MODULES.map(([name, neededWhen]) => {
  const { ms, rssMb } = costOf(name);
  return `| \`${name}\` | ${ms.toFixed(0)} | ${(rssMb - bare.rssMb).toFixed(1)} | ${neededWhen} |`;
});
process.stdout.write(
  [
    `Each module alone in a fresh \`node\` (${process.version}), the median of ${ROUNDS} alternating starts, compile cache off; a bare process: ${bare.rssMb.toFixed(1)} MB RSS. A module's own dependencies are counted with it, so rows overlap (typeorm includes what @nestjs-cls/transactional-adapter-typeorm adds but its own).`,
    '',
    '| module | require ms | RSS added MB | needed when |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
