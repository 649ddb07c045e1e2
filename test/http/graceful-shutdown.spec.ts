import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltService } from '@test/support/built-service';

/** Processes whose command line names the directory: puppeteer puts the browser's profile there. */
function processesUsing(directory: string): number {
  try {
    return Number(execFileSync('pgrep', ['-c', '-f', directory], { encoding: 'utf8' }));
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

describe('Graceful shutdown (the built service, as deployed)', () => {
  it('on SIGTERM stops accepting, finishes the request in flight, closes the browser and exits 0', async () => {
    // A temporary directory of its own tells this service's Chromium from any other on the machine.
    const tmp = mkdtempSync(join(tmpdir(), 'shutdown-spec-'));
    const service = await startBuiltService({ TMPDIR: tmp, FEATURE_CV_GENERATION: 'true', RATE_LIMIT_ENABLED: 'false' });
    try {
      // A cold render launches Chromium first: the request is still in flight when SIGTERM arrives.
      const inFlight = fetch(`${service.origin}/api/cv/generate`, { method: 'PATCH' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      const stopped = service.stop();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(fetch(`${service.origin}/health`)).rejects.toThrow();

      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(await stopped).toEqual([0, null]);
      // The browser's helper processes leave a moment after the browser itself.
      await vi.waitFor(() => expect(processesUsing(tmp)).toBe(0), { timeout: 5_000 });
    } finally {
      service.process.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    }
  }, 30_000);
});
