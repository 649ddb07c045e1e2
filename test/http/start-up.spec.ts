import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import sharp from 'sharp';
import { ADMIN_TOKEN } from '@test/support/admin';
import { runBuiltServiceToExit, startBuiltService } from '@test/support/built-service';
import { createTestDatabase } from '@test/support/database';
import { TcpProxy } from '@bench/http/tcp-proxy';
import { freePort } from '@test/support/ports';
import { BUILT_MAIN } from '@test/support/paths';

const LAZY = [
  'puppeteer-core',
  'handlebars',
  '@nestjs-modules/mailer',
  'nodemailer',
  'preview-email',
  '@css-inline/css-inline',
  'glob',
  '@opentelemetry/exporter-prometheus',
  '@opentelemetry/sdk-metrics',
  '@azure/app-configuration',
  'ioredis',
  'typeorm',
  'pg',
  'jose',
  'passport-jwt',
  'jsonwebtoken',
  'sharp',
  'thumbhash',
  '@azure/storage-blob',
  'satori',
  'piscina',
  'sitemap',
  'feed',
  'pg-boss',
  'standardwebhooks',
  'request-filtering-agent',
  '@streamparser/json',
  // class-validator's, for phone numbers, which no rule of the service checks (patches/)
  'libphonenumber-js',
];

/** A probe's wait for the service it started to answer its first public read. */
const UNTIL_SERVING = `
  for (;;) {
    try { if ((await fetch(origin + '/api/projects')).ok) break; } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20));
  }`;

/**
 * Run with `node -e` beside the built service in one process: prints which lazily loaded
 * packages are in memory after the first public read, after the first contact message, then
 * after the first social card (drawn in a thread of its own, whose modules are not the service's).
 */
const PROBE = `
const [main, origin, lazy] = process.argv.slice(1);
const imported = [];
require('node:module').registerHooks({ load: (url, context, next) => (imported.push(url), next(url, context)) });
const loaded = () => JSON.parse(lazy).filter((name) => [...Object.keys(require.cache), ...imported].some((file) => file.includes('/node_modules/' + name + '/')));
require(main);
(async () => {
${UNTIL_SERVING}
  const afterRead = loaded();
  const contact = await fetch(origin + '/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Loading the mailer on first use.' }),
  });
  const afterContact = loaded();
  const card = await fetch(origin + '/api/site/og-image.png');
  await card.arrayBuffer();
  process.stdout.write(JSON.stringify({ runtime: process.version, afterRead, contactStatus: contact.status, afterContact, cardStatus: card.status, afterCard: loaded() }));
  process.exit(0);
})();`;

describe('Start-up of the built service', () => {
  it('serves public reads without loading the database stack, the token verifier, the browser driver, the CV template, the mailer, the metrics exporter, the configuration store, Redis, the image processor or what the site’s sitemap, feeds and cards are made with, the job queue or what webhooks are signed and sent with, and loads the mailer with the first message; a card is drawn in a thread of its own, never in the service’s', async () => {
    expect(existsSync(BUILT_MAIN), 'npm test builds first (pretest); run npm run build').toBe(true);
    const port = await freePort();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-e', PROBE, BUILT_MAIN, `http://127.0.0.1:${port}`, JSON.stringify(LAZY)],
      {
        env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'silent' },
        timeout: 30_000,
      },
    );
    expect(JSON.parse(stdout)).toEqual({
      runtime: expect.stringMatching(/^v24\./),
      afterRead: [],
      contactStatus: 200,
      // Never preview-email (pug, Babel, a mail parser: 13 MB of heap), nor css-inline or glob, which the mailer loads only
      // for a preview, inlined CSS or template partials (patches/).
      afterContact: ['handlebars', 'nodemailer'],
      cardStatus: 200,
      afterCard: ['handlebars', 'nodemailer', 'piscina'],
    });
  }, 40_000);
});

/** Run with `node -e` beside the built service: prints the TypeORM drivers in memory once it serves from its database. */
const DRIVERS_PROBE = `
const [main, origin] = process.argv.slice(1);
require(main);
(async () => {
${UNTIL_SERVING}
  const drivers = Object.keys(require.cache).filter((file) => /\\/node_modules\\/typeorm\\/driver\\/.+Driver\\.js$/.test(file));
  process.stdout.write(JSON.stringify(drivers.map((file) => file.split('/').pop())));
  process.exit(0);
})();`;

describe('Start-up of the built service on a database', () => {
  it('loads the one TypeORM driver it uses, PostgreSQL’s, not the sixteen others (patches/)', async () => {
    const database = await createTestDatabase();
    try {
      const port = await freePort();
      const { stdout } = await promisify(execFile)(process.execPath, ['-e', DRIVERS_PROBE, BUILT_MAIN, `http://127.0.0.1:${port}`], {
        env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'silent', DATABASE_URL: database.url },
        timeout: 30_000,
      });
      expect(JSON.parse(stdout)).toEqual(['PostgresDriver.js']);
    } finally {
      await database.drop();
    }
  }, 40_000);
});

describe('The built service, one file', () => {
  it('is bundled (rolldown.config.mjs) and finds the files it reads beside its code: the explorer script and the CV template', async () => {
    expect(readFileSync(join(dirname(BUILT_MAIN), 'bootstrap.js'), 'utf8')).not.toContain('require("./app.module")');
    const service = await startBuiltService({ FEATURE_CV_GENERATION: 'true' });
    try {
      const script = await fetch(`${service.origin}/docs/explorer-role.js`);
      expect([script.status, (await script.text()).includes('portfolioExplorer')]).toEqual([200, true]);
      const cv = await fetch(`${service.origin}/api/cv/generate`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect([cv.status, cv.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    } finally {
      await service.stop();
    }
  }, 60_000);

  it('encodes an upload in its encoder process, a file of its own beside the bundle', async () => {
    const database = await createTestDatabase();
    const service = await startBuiltService({ DATABASE_URL: database.url, API_ADMIN_TOKEN: ADMIN_TOKEN });
    try {
      const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const upload = await fetch(`${service.origin}/api/admin/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'image/jpeg' },
        body: picture,
      });
      expect([upload.status, ((await upload.json()) as { width: number }).width]).toEqual([201, 400]);
    } finally {
      await service.stop();
      await database.drop();
    }
  }, 40_000);
});

describe('The bundle run with a code cache of its own (dist/src/compile-cache.js)', () => {
  const LOADER = join(dirname(BUILT_MAIN), 'compile-cache.js');
  /** A CommonJS file that says what it was given, and where its second line is. */
  const FILE = [
    "const { sep } = require('node:path');",
    'process.stdout.write(JSON.stringify({ version: 1, file: __filename, exports: module.exports === exports, sep, at: new Error().stack.split("\\n")[1] }));',
  ].join('\n');
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'code-cache-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = async (file: string, env: Record<string, string> = {}) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-e', `require(${JSON.stringify(LOADER)}).runWithCodeCache(process.argv[1])`, file],
      {
        env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: join(dir, 'cache'), ...env },
      },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  };
  const caches = () =>
    readdirSync(join(dir, 'cache'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.code-cache'));

  it('runs the file as Node runs a CommonJS module, its lines and columns kept, and writes its cache once, at exit, in the compile cache', async () => {
    const file = join(dir, 'service.js');
    writeFileSync(file, FILE);
    const said = { version: 1, file, exports: true, sep: '/', at: `    at Object.<anonymous> (${file}:2:115)` };
    expect(await run(file)).toEqual(said);
    const [cache] = caches();
    expect(cache).toMatch(/service\.js-[0-9a-f]{8}-[0-9a-f]{8}\.code-cache$/);
    const written = statSync(join(dir, 'cache', cache)).mtimeMs;
    expect(await run(file)).toEqual(said);
    expect([caches(), statSync(join(dir, 'cache', cache)).mtimeMs]).toEqual([[cache], written]);
  });

  it('never runs a cache made for other contents, even of the same length', async () => {
    const file = join(dir, 'service.js');
    writeFileSync(file, FILE);
    await run(file);
    writeFileSync(file, FILE.replace('version: 1', 'version: 2'));
    expect(await run(file)).toMatchObject({ version: 2 });
    expect(caches()).toHaveLength(2);
  });

  it('writes none when the compile cache is off, or after a run that failed', async () => {
    const file = join(dir, 'service.js');
    writeFileSync(file, FILE);
    expect(await run(file, { NODE_DISABLE_COMPILE_CACHE: '1' })).toMatchObject({ version: 1 });
    expect(existsSync(join(dir, 'cache'))).toBe(false);
    writeFileSync(file, `${FILE}\nprocess.exitCode = 1;`);
    await expect(run(file)).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('"version":1') });
    expect(caches()).toEqual([]);
  });
});

describe('The V8 flag the service sets on itself (src/main.ts)', () => {
  it('is set before its code is compiled: the code cache a run writes after its idle heap release is the next start’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'service-code-cache-'));
    const env = { NODE_COMPILE_CACHE: dir, LOG_LEVEL: 'debug' };
    const codeCaches = () =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.code-cache'))
        .map((name) => [
          name,
          createHash('sha256')
            .update(readFileSync(join(dir, name)))
            .digest('hex'),
        ]);
    try {
      let released: () => void;
      const idleHeapRelease = new Promise<void>((resolve) => (released = resolve));
      const first = await startBuiltService(env, (output) => output.includes('"event":"idle_heap_release"') && released());
      await idleHeapRelease;
      expect(await first.stop()).toEqual([0, null]);
      const written = codeCaches();
      expect(written).toHaveLength(1);
      const second = await startBuiltService(env);
      expect(await second.stop()).toEqual([0, null]);
      expect(codeCaches()).toEqual(written);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('What an operator reads', () => {
  it('a start says what content it serves and where it listens, then a stop says it stops and stopped: nothing else at info', async () => {
    const service = await startBuiltService({ LOG_LEVEL: 'info' });
    const [code] = await service.stop();
    expect(code).toBe(0);
    const lines = service
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => !('req' in line));
    expect(
      lines.map((line) => line.event),
      service.output(),
    ).toEqual(['content_served', 'listening', 'stopping', 'stopped']);
    const port = new URL(service.origin).port;
    expect(lines[0]).toMatchObject({ source: 'the built-in data set' });
    expect(lines[1]).toMatchObject({ url: `http://localhost:${port}`, docs: `http://localhost:${port}/docs` });
  });

  it("keeps Nest's own start-up lines at debug", async () => {
    const service = await startBuiltService({ LOG_LEVEL: 'debug' });
    await service.stop();
    const framework = service
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { context?: string; level: number })
      .filter((line) => line.context === 'InstanceLoader' || line.context === 'RouterExplorer');
    expect(framework.length).toBeGreaterThan(20);
    expect(new Set(framework.map((line) => line.level))).toEqual(new Set([20]));
  });
});

describe('A start-up that fails', () => {
  /** Everything the process wrote is JSON lines; the failure is said once, last, and nothing else is an error. */
  async function failure(env: Record<string, string>): Promise<{ code: number | null; reason: string }> {
    const { code, output } = await runBuiltServiceToExit({ LOG_LEVEL: 'info', ...env });
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event?: string; reason: string; level: number });
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors).toEqual([lines.at(-1)]);
    expect(errors[0]).toMatchObject({ event: 'start_failed', level: 60 });
    return { code, reason: errors[0].reason };
  }

  it('says once which setting is wrong', async () => {
    expect(await failure({ PORT: 'abc' })).toEqual({
      code: 1,
      reason: 'Invalid configuration: PORT must be a whole number from 1 to 65535',
    });
  });

  it('names TRUST_PROXY when Express could not use it', async () => {
    const { code, reason } = await failure({ TRUST_PROXY: 'maybe' });
    expect([code, reason]).toEqual([
      1,
      expect.stringMatching(/^Invalid configuration: TRUST_PROXY must be false, true, a number of proxies/),
    ]);
  });

  it('says that the port is taken', async () => {
    const taken = createServer().listen(0, '0.0.0.0');
    await new Promise((resolve) => taken.once('listening', resolve));
    try {
      const { port } = taken.address() as { port: number };
      expect(await failure({ PORT: String(port) })).toEqual({ code: 1, reason: `port ${port} is already in use (PORT)` });
    } finally {
      taken.close();
    }
  });
});

describe('A database that is not up yet at start-up', () => {
  const linesOf = (output: string) =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('is waited for with back-off, each wait logged; then migrations run and are named, and the service serves', async () => {
    const database = await createTestDatabase();
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(database.url).port || 5432) });
    await proxy.cut();
    const url = new URL(database.url);
    url.port = String(proxy.port);
    // Restored once the service has waited twice (250 + 500 ms).
    let twoWaits!: () => void;
    const restored = new Promise<void>((resolve) => (twoWaits = resolve)).then(() => proxy.restore());
    const service = await startBuiltService({ DATABASE_URL: url.toString(), DB_STARTUP_WAIT_MS: '20000', LOG_LEVEL: 'info' }, (output) => {
      if (output.split('"event":"database_wait"').length > 2) twoWaits();
    });
    try {
      await restored;
      expect((await fetch(`${service.origin}/api/projects`)).status).toBe(200);
      const lines = linesOf(service.output());
      const waits = lines.filter((line) => line.event === 'database_wait');
      expect(waits.length).toBeGreaterThanOrEqual(2);
      expect(waits[0]).toMatchObject({ attempt: 1, reason: 'ECONNREFUSED', retryInMs: 250, level: 40 });
      expect(waits[1]).toMatchObject({ attempt: 2, retryInMs: 500 });
      expect(lines).toContainEqual(
        expect.objectContaining({ event: 'migrations_applied', migrations: expect.arrayContaining(['InitialSchema1795319757117']) }),
      );
    } finally {
      await service.stop();
      await proxy.cut();
      await database.drop();
    }
  }, 40_000);

  it.each([
    [
      'a database the server does not have (3D000)',
      'postgres://postgres@127.0.0.1:5432/no_such_portfolio',
      'createdb -h 127.0.0.1 -p 5432 -U postgres no_such_portfolio',
    ],
    ['a role it does not know (28000)', 'postgres://no_such_role@127.0.0.1:5432/postgres', 'fix the user or password in DATABASE_URL'],
  ])(
    'stops start-up at once for %s, naming the fix, without waiting',
    async (_, url, fix) => {
      const startedAt = Date.now();
      const { code, output } = await runBuiltServiceToExit({ DATABASE_URL: url, DB_STARTUP_WAIT_MS: '60000', LOG_LEVEL: 'info' });
      expect(code).toBe(1);
      expect(Date.now() - startedAt).toBeLessThan(15_000);
      const lines = linesOf(output);
      expect(lines.filter((line) => line.event === 'database_wait')).toEqual([]);
      expect(lines.at(-1)).toMatchObject({ event: 'start_failed', reason: expect.stringContaining(fix) });
    },
    20_000,
  );

  it('stops start-up with exit 1 once DB_STARTUP_WAIT_MS is spent', async () => {
    const proxy = await TcpProxy.start({ host: '127.0.0.1', port: 5432 });
    await proxy.cut();
    const { code, output } = await runBuiltServiceToExit({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/portfolio`,
      DB_STARTUP_WAIT_MS: '1200',
      LOG_LEVEL: 'info',
    });
    expect(code).toBe(1);
    const lines = linesOf(output);
    expect(lines.filter((line) => line.event === 'database_wait').length).toBeGreaterThanOrEqual(2);
    expect(lines.at(-1)).toMatchObject({
      event: 'start_failed',
      reason: expect.stringContaining('the database could not be reached (DATABASE_URL)'),
    });
  }, 20_000);
});
