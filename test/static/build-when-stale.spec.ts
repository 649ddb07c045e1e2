import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '@test/support/paths';

/** `npm start` builds only what changed since the last build: each run here records whether it built. */
describe('scripts/build-when-stale.mts', () => {
  let folder: string;
  const builds = () =>
    existsSync(join(folder, 'builds'))
      ? execFileSync('wc', ['-l', join(folder, 'builds')], { encoding: 'utf8' })
          .trim()
          .split(' ')[0]
      : '0';
  const start = () =>
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-when-stale.mts')], {
      cwd: folder,
      encoding: 'utf8',
      // A stand-in for npm: it records the build it was asked for, and makes dist/ as a build would.
      env: { ...process.env, PATH: `${join(folder, 'bin')}:${process.env.PATH}` },
    });

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'build-when-stale-'));
    mkdirSync(join(folder, 'src'));
    mkdirSync(join(folder, 'bin'));
    writeFileSync(join(folder, 'src', 'main.ts'), 'export {};');
    writeFileSync(join(folder, 'bin', 'npm'), '#!/bin/sh\nmkdir -p dist && echo "$*" >> builds\n');
    chmodSync(join(folder, 'bin', 'npm'), 0o755);
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('builds when there is no build, then not again until something it reads changes', () => {
    start();
    expect(builds()).toBe('1');
    expect(start()).toContain('The build is up to date');
    expect(builds()).toBe('1');
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(folder, 'src', 'main.ts'), later, later);
    start();
    expect(builds()).toBe('2');
  });
});
