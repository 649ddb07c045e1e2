import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import { runBuiltServiceToExit } from '@test/support/built-service';
import { freePort } from '@test/support/ports';
import { BUILT_MAIN } from '@test/support/paths';

const LAZY = ['puppeteer-core', '@nestjs-modules/mailer', 'nodemailer', 'preview-email', '@opentelemetry/exporter-prometheus'];

/**
 * Run with `node -e` beside the built service in one process: prints which lazily loaded
 * packages are in memory after the first public read, then after the first contact message.
 */
const PROBE = `
const [main, origin, lazy] = process.argv.slice(1);
const loaded = () => JSON.parse(lazy).filter((name) => Object.keys(require.cache).some((file) => file.includes('/node_modules/' + name + '/')));
require(main);
(async () => {
  for (;;) {
    try { if ((await fetch(origin + '/api/projects')).ok) break; } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const afterRead = loaded();
  const contact = await fetch(origin + '/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Loading the mailer on first use.' }),
  });
  process.stdout.write(JSON.stringify({ runtime: process.version, afterRead, contactStatus: contact.status, afterContact: loaded() }));
  process.exit(0);
})();`;

describe('Start-up of the built service', () => {
  it('serves public reads without loading the browser driver, the mailer or the metrics exporter, and loads the mailer with the first message', async () => {
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
      afterContact: ['@nestjs-modules/mailer', 'nodemailer', 'preview-email'],
    });
  }, 40_000);
});

describe('A start-up that fails', () => {
  /** Everything the process wrote: it must be exactly one JSON line, the start_failed one. */
  async function failure(env: Record<string, string>): Promise<{ code: number | null; reason: string }> {
    const { code, output } = await runBuiltServiceToExit({ LOG_LEVEL: 'info', ...env });
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as { event: string; reason: string; level: number };
    expect(line).toMatchObject({ event: 'start_failed', level: 60 });
    return { code, reason: line.reason };
  }

  it('says once which setting is wrong', async () => {
    expect(await failure({ PORT: 'abc' })).toEqual({
      code: 1,
      reason: 'Invalid configuration: PORT must be a whole number from 1 to 65535',
    });
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
