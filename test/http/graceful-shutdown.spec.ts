import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@test/support/ports';
import { BUILT_MAIN } from '@test/support/paths';

/** Processes whose command line names the directory: puppeteer puts the browser's profile there. */
function processesUsing(directory: string): number {
  try {
    return Number(execFileSync('pgrep', ['-c', '-f', directory], { encoding: 'utf8' }));
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

async function serving(origin: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the service did not start');
}

describe('Graceful shutdown (the built service, as deployed)', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes the browser and exits 0', async () => {
    expect(existsSync(BUILT_MAIN), 'npm test builds first (pretest); run npm run build').toBe(true);
    // A temporary directory of its own tells this service's Chromium from any other on the machine.
    const tmp = mkdtempSync(join(tmpdir(), 'shutdown-spec-'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [BUILT_MAIN], {
      env: {
        PATH: process.env.PATH,
        TMPDIR: tmp,
        PORT: String(port),
        LOG_LEVEL: 'silent',
        FEATURE_CV_GENERATION: 'true',
        RATE_LIMIT_ENABLED: 'false',
      },
      stdio: 'ignore',
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      await serving(origin, child);
      // A cold render launches Chromium first: the request is still in flight when SIGTERM arrives.
      const inFlight = fetch(`${origin}/api/cv/generate`, { method: 'PATCH' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(fetch(`${origin}/health`)).rejects.toThrow();

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(await exited).toEqual([0, null]);
      // The browser's helper processes leave a moment after the browser itself.
      await vi.waitFor(() => expect(processesUsing(tmp)).toBe(0), { timeout: 5_000 });
    } finally {
      child.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 30_000);
});
