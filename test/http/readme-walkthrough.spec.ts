import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBuiltService, type BuiltService } from '@test/support/built-service';
import { createTestDatabase, type TestDatabase } from '@test/support/database';
import { ROOT } from '@test/support/paths';
import { MINIMAL_PDF } from '@test/support/pdf-text';

const TOKEN = 'readme-walkthrough-admin-token-0123456789';

/** The README's section `heading` (up to the next `## `), each of its bash blocks as written. */
async function bashBlocksOf(heading: string): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${heading}\n`);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^```bash\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
}

/**
 * What the README's commands assume a reader has done, done by the test instead: the database is
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
 * "Make it yours", run as an owner would, in order, against the built service: the README cannot
 * drift from the service without this failing. Revisions are recorded within 2 s of a change, so
 * a block that reads them waits that long first, as a reader would have.
 */
describe('the README, run as written', () => {
  let database: TestDatabase;
  let service: BuiltService;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startBuiltService({ DATABASE_URL: database.url, API_ADMIN_TOKEN: TOKEN, CONTENT_SEED: 'none' });
    folder = await mkdtemp(join(tmpdir(), 'readme-'));
    await writeFile(join(folder, 'my-cv.pdf'), MINIMAL_PDF);
  });
  afterAll(async () => {
    await service?.stop();
    await database?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it('makes the portfolio yours ("Make it yours"), every command answered 2xx', async () => {
    const blocks = await bashBlocksOf('Make it yours');
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    const script = [prelude(TOKEN), ...blocks.map((block) => (block.includes('/revisions') ? `sleep 2.5\n${block}` : block))]
      .join('\n')
      .replaceAll('http://localhost:8000', service.origin);
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: folder, timeout: 60_000 }).catch(
      (error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`a README command failed: ${error.stderr ?? error.message}\n${error.stdout ?? ''}`);
      },
    );
    expect(stdout).toContain('"slug":"river-gauge"');
    expect(stdout).toContain('Content-Language: nl');
    const profile = (await (await fetch(`${service.origin}/api/profile`)).json()) as { name: string };
    expect(profile.name).toBe('Joris de Vries');
  }, 90_000);
});
