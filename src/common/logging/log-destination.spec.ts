import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { destination as pinoDestination } from 'pino';
import { endLog, LARGEST_WRITE_BYTES, logDestination } from './root-logger';

/**
 * The log destination is pino's (sonic-boom) with the fix in patches/: a line waiting for the
 * write under way is measured once, not again with every later line. The service's takes every
 * line that waited in its next write.
 */
describe('the log destination', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'log-destination-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const lines = Array.from({ length: 300 }, (_, i) => `{"level":30,"msg":"request ${i}","path":"/api/projecten/één"}\n`);

  it('measures each line once, however many wait for the write under way', async () => {
    const destination = pinoDestination({ dest: join(dir, 'lines.log'), sync: false });
    await once(destination, 'ready');
    const byteLength = vi.spyOn(Buffer, 'byteLength');
    try {
      for (const line of lines) destination.write(line);
      expect(byteLength).toHaveBeenCalledTimes(lines.length);
    } finally {
      byteLength.mockRestore();
    }
    await endLog(destination);
  });

  it.each([{ maxWrite: undefined }, { maxWrite: 256 }])(
    'writes every line whole and in order (maxWrite $maxWrite)',
    async ({ maxWrite }) => {
      const file = join(dir, 'lines.log');
      const destination = pinoDestination({ dest: file, sync: false, maxWrite });
      await once(destination, 'ready');
      for (const line of lines) destination.write(line);
      await endLog(destination);
      expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    },
  );

  it("sends the lines that waited for the write under way in one write, past sonic-boom's 16 KB", async () => {
    const destination = logDestination(join(dir, 'lines.log'));
    await once(destination, 'ready');
    const writes: number[] = [];
    destination.on('write', (bytes: number) => writes.push(bytes));
    const waiting = Array.from({ length: 2_000 }, (_, i) => `{"level":30,"msg":"request completed","req":{"id":"${i}"}}\n`);
    destination.write(lines[0]);
    for (const line of waiting) destination.write(line);
    await endLog(destination);
    const waitingBytes = Buffer.byteLength(waiting.join(''));
    expect(waitingBytes).toBeGreaterThan(64 * 1024);
    expect(waitingBytes).toBeLessThan(LARGEST_WRITE_BYTES);
    expect(writes).toEqual([Buffer.byteLength(lines[0]), waitingBytes]);
  });
});
