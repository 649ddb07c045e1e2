/**
 * `npm run client:generate`: starts the built service on a free port, reads its /openapi.json and
 * writes the client's types (src/schema.ts). Run after any change to the interface. With
 * `--check` it writes nothing and exits 1 when the committed types differ from the description.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { typesFromDescription } from './types-from-description.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TYPES_FILE = join(import.meta.dirname, '..', 'src', 'schema.ts');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const service = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'main.js')], {
  env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
try {
  let description: object | undefined;
  for (let attempt = 0; description === undefined; attempt += 1) {
    if (attempt === 200) throw new Error('the service did not start');
    description = await fetch(`http://127.0.0.1:${port}/openapi.json`)
      .then((response) => (response.ok ? (response.json() as Promise<object>) : undefined))
      .catch(() => new Promise<undefined>((resolve) => setTimeout(resolve, 50)));
  }
  const types = await typesFromDescription(description);
  if (!process.argv.includes('--check')) {
    writeFileSync(TYPES_FILE, types);
    process.stdout.write(`wrote ${TYPES_FILE}\n`);
  } else if (readFileSync(TYPES_FILE, 'utf8') !== types) {
    process.stderr.write(`${TYPES_FILE} differs from the served description: run npm run client:generate\n`);
    process.exitCode = 1;
  }
} finally {
  service.kill('SIGTERM');
}
