import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '@test/support/paths';

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
/** The Node.js the project brings along: the `node` package, whose binary npm scripts run. */
const PINNED = packageJson.devDependencies.node;

describe('the runtime', () => {
  it('pins one exact Node.js 24 release', () => {
    expect(PINNED).toMatch(/^24\.\d+\.\d+$/);
  });

  it('runs the tests on it', () => {
    expect(process.version).toBe(`v${PINNED}`);
  });

  it('is what npm scripts run, whatever Node.js npm itself runs on', () => {
    expect(execFileSync('npm', ['exec', '--offline', '-c', 'node --version'], { cwd: ROOT, encoding: 'utf8' }).trim()).toBe(`v${PINNED}`);
  });

  it('names it in .nvmrc, engines and both stages of the Dockerfile', () => {
    expect(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()).toBe(PINNED.split('.')[0]);
    expect(packageJson.engines.node).toBe('>=24.11.0');
    const images = [...readFileSync(join(ROOT, 'Dockerfile'), 'utf8').matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(images).toEqual([`node:${PINNED}-bookworm-slim`, `node:${PINNED}-bookworm-slim`]);
  });
});
