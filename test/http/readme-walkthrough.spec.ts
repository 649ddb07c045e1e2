import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBuiltService, type BuiltService } from '@test/support/built-service';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { BUILT_MAIN, ROOT } from '@test/support/paths';
import { freePort } from '@test/support/ports';
import { MINIMAL_PDF } from '@test/support/pdf-text';

const TOKEN = 'readme-walkthrough-admin-token-0123456789';

/** The bash blocks of a page (of its section `heading` only, up to the next `## `, when given), as written. */
async function bashBlocksOf(page: string, heading?: string): Promise<string[]> {
  const text = await readFile(join(ROOT, page), 'utf8');
  const start = heading === undefined ? 0 : text.indexOf(`\n## ${heading}\n`);
  const end = heading === undefined ? text.length : text.indexOf('\n## ', start + 1);
  return [...text.slice(start, end === -1 ? text.length : end).matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

/** Runs the commands in `folder`; answers what they printed, or fails with what the failing one said. */
async function runBash(script: string, folder: string): Promise<string> {
  try {
    return (await promisify(execFile)('bash', ['-c', script], { cwd: folder, timeout: 60_000 })).stdout;
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`a documented command failed: ${stderr ?? message}\n${stdout ?? ''}`, { cause: error });
  }
}

/**
 * What the documented commands assume a reader has done, done by the test instead: the database is
 * made and the service started here (createdb and npm are no-ops), the token a reader makes is the
 * one the service was started with, and curl fails on any answer that is not 2xx.
 */
const prelude = (token: string) => `
set -euo pipefail
createdb() { :; }
npm() { :; }
openssl() { printf '%s\\n' '${token}'; }
curl() { command curl --silent --show-error --fail-with-body "$@"; echo; }
`;

/**
 * The README's quick start and the owner's guide (docs/owner.md), run as a reader would, in order,
 * against the built service: neither can drift from the service without this failing. Revisions are recorded within 2 s of a change, so
 * a block that reads them first waits until no change is left to record (at most 10 s), as a reader
 * would have waited a moment.
 */
describe("the README and the owner's guide, run as written", () => {
  let database: TestDatabase;
  let service: BuiltService;
  let folder: string;
  let ownDatabaseUrl: string;
  let ownDatabase: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startBuiltService({ DATABASE_URL: database.url, API_ADMIN_TOKEN: TOKEN, CONTENT_SEED: 'none' });
    folder = await mkdtemp(join(tmpdir(), 'readme-'));
    await writeFile(join(folder, 'my-cv.pdf'), MINIMAL_PDF);
    await copyFile(join(ROOT, 'assets', 'media', 'example.png'), join(folder, 'photo.png'));
    ownDatabase = await createTestDatabase();
    ownDatabaseUrl = ownDatabase.url;
  });
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await ownDatabase?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it('makes the portfolio yours (docs/owner.md), every command answered 2xx', async () => {
    const blocks = await bashBlocksOf('docs/owner.md');
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const recorded = `for _ in $(seq 100); do [ "$(psql '${database.url}' -tAc 'select count(*) from content_changes')" = 0 ] && break; sleep 0.1; done`;
    const script = [prelude(TOKEN), ...blocks.map((block) => (block.includes('/revisions') ? `${recorded}\n${block}` : block))]
      .join('\n')
      .replaceAll('http://localhost:8000', service.origin);
    const stdout = await runBash(script, folder);
    expect(stdout).toContain('"slug":"river-gauge"');
    expect(stdout).toContain('Content-Language: nl');
    const profile = (await (await fetch(`${service.origin}/api/profile`)).json()) as { name: string };
    expect(profile.name).toBe('Joris de Vries');
  }, 90_000);

  it('starts as "Quick start" says: the demo without a database, then on a PostgreSQL of one\'s own', async () => {
    const [demo, compose, ownDatabase] = await bashBlocksOf('README.md', 'Quick start');
    expect(compose).toContain('docker compose up'); // no Docker engine here: .ci/e2e runs that stack as processes
    const port = await freePort();
    // npm ci is the install this test runs in; npm start serves the built service as npm start would
    // (one at a time, on a free port); open fetches the page it opens, which must answer 200.
    const starts = `
npm() {
  [ "$1" = start ] || return 0
  if [ -f service.pid ]; then kill "$(cat service.pid)"; for _ in $(seq 100); do kill -0 "$(cat service.pid)" 2>/dev/null || break; sleep 0.05; done; fi
  LOG_LEVEL=info PORT=${port} node '${BUILT_MAIN}' >>service.log 2>&1 & echo $! >service.pid
  for _ in $(seq 150); do command curl -fs http://127.0.0.1:${port}/api/health >/dev/null && return 0; sleep 0.2; done
  cat service.log >&2; return 1
}
open() { command curl --silent --show-error --fail -o /dev/null "$1"; }
trap '[ -f service.pid ] && kill "$(cat service.pid)" 2>/dev/null; true' EXIT
`;
    const script = [prelude(TOKEN), starts, demo, ownDatabase]
      .join('\n')
      .replaceAll('http://localhost:8000', `http://127.0.0.1:${port}`)
      .replaceAll('postgres://postgres@127.0.0.1:5432/portfolio', ownDatabaseUrl);
    await runBash(script, folder);
    const log = await readFile(join(folder, 'service.log'), 'utf8');
    expect(log).toContain('migrations_applied');
  }, 90_000);
});
