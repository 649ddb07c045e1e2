/**
 * `npm start`: builds only when something the build reads is newer than the last build, so a
 * start with nothing changed serves at once (`nest build` with `deleteOutDir` always starts over).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build reads: the sources, the assets it copies, its configuration, and the dependencies. */
export const BUILD_INPUTS = [
  'src',
  'cv-templates',
  'assets/media/shipped',
  'ormconfig.ts',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'nest-cli.json',
  'rolldown.config.mjs',
];
/** Written after a build that finished: its time is the build's. */
export const BUILT_STAMP = join('dist', '.built');

const newestIn = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const files = readdirSync(path, { recursive: true, encoding: 'utf8' });
  return Math.max(stat.mtimeMs, ...files.map((file) => statSync(join(path, file)).mtimeMs));
};

/** Whether the build in `root` is missing, or older than anything it reads. */
export function isStale(root: string): boolean {
  const stamp = join(root, BUILT_STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return BUILD_INPUTS.some((input) => newestIn(join(root, input)) > built);
}

if (import.meta.main) {
  if (isStale(process.cwd())) {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
    writeFileSync(BUILT_STAMP, '');
  } else process.stdout.write('The build is up to date: nothing changed since it was made\n');
}
