/**
 * The description the built service serves: starts dist/src/main.js (static mode) on a free port,
 * reads its /openapi.json and stops it. For the tools that judge or compile the description.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export async function servedDescription(): Promise<object> {
  const port = await freePort();
  const service = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'main.js')], {
    env: { PATH: process.env.PATH, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  try {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const description = await fetch(`http://127.0.0.1:${port}/openapi.json`)
        .then((response) => (response.ok ? (response.json() as Promise<object>) : undefined))
        .catch(() => undefined);
      if (description !== undefined) return description;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the service did not start');
  } finally {
    service.kill('SIGTERM');
  }
}
