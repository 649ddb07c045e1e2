import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '@test/support/paths';
import { createTestApp, type TestApp } from '@test/support/test-app';

const run = promisify(execFile);
const CLIENT = join(ROOT, 'clients', 'typescript');

/** The typed client a frontend uses (clients/typescript): current, type-correct, and working against the service. */
describe('the typed client', () => {
  it('holds the types of the served description (npm run client:generate regenerates them)', async () => {
    // The check runs the built service (npm test builds first) and compares what it serves with src/schema.ts.
    await expect(run(process.execPath, [join(CLIENT, 'scripts', 'generate.ts'), '--check'], { cwd: ROOT })).resolves.toBeDefined();
  }, 30_000);

  it('type-checks, with the SPA-like script that uses it', async () => {
    await expect(
      run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(CLIENT, 'tsconfig.json')], { cwd: ROOT }),
    ).resolves.toBeDefined();
  }, 60_000);

  describe('used as a portfolio SPA uses it', () => {
    let testApp: TestApp;
    let origin: string;
    beforeAll(async () => {
      testApp = await createTestApp({ env: { DATABASE_URL: undefined, RATE_LIMIT_ENABLED: 'false' } });
      await testApp.app.listen(0, '127.0.0.1');
      origin = `http://127.0.0.1:${(testApp.app.getHttpServer().address() as AddressInfo).port}`;
    });
    afterAll(() => testApp.close());

    it('reads every section, sends a contact message, finds the CV and reads the flags', async () => {
      const { stdout } = await run(process.execPath, [join(CLIENT, 'examples', 'spa.ts'), origin], { cwd: ROOT });
      expect(JSON.parse(stdout)).toEqual({
        name: 'Mara Jansen',
        projects: expect.arrayContaining(['tidewatch', 'ledger-lens']),
        firstProject: 'Tidewatch',
        next: 'ledger-lens',
        experience: ['Nordlicht Mobility', 'Polderdata'],
        skillCategories: expect.arrayContaining(['Languages', 'Backend']),
        awards: 3,
        certifications: 4,
        contact: true,
        cv: `${origin}/api/download-cv?lang=nederlands`,
        cvGeneration: false,
        notFound: { status: 404, detail: 'Project "no-such-project" not found' },
      });
    }, 30_000);
  });
});
