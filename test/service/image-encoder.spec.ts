import type { MockInstance } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { BACKGROUND_NICE } from '@/common/scheduling/background-priority';
import { EncoderProcess } from '@/media/encoder-process';
import { ENCODER_STOPPED, ImageProcessor, MOST_WAITING, VARIANT_WIDTHS } from '@/media/image-processor';

/** A process's /proc stat, from the field after the command's parentheses (its state) on. */
const statOf = (pid: number | string): string[] => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');

/** The processes this one started. */
function children(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        return Number(statOf(pid)[1]) === process.pid ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}

/**
 * The encoder this process started, once it runs Node, with its nice value. `nice` sets the
 * priority before it runs Node, so the value is read after the command line: read before, it may
 * still be the fork's, this process's own.
 */
function startedEncoder(): { pid: number; nice: number } | undefined {
  const pid = children().find((child) => {
    try {
      const [command, ...args] = readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0');
      return command === process.execPath && args.some((arg) => arg.includes('image-encoder.process'));
    } catch {
      return false;
    }
  });
  return pid === undefined ? undefined : { pid, nice: Number(statOf(pid)[16]) };
}

/** A process's CPU time in clock ticks (10 ms): utime and stime. */
const cpuTicks = (pid: number): number => {
  const fields = statOf(pid);
  return Number(fields[11]) + Number(fields[12]);
};

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
describe('the encoder process', () => {
  let processor: ImageProcessor;
  /** The temporary folder of this file's jobs alone (TMPDIR), to see that each job's files are gone after it. */
  let temporary: string;
  beforeEach(() => {
    temporary = mkdtempSync(join(tmpdir(), 'encoder-spec-'));
    vi.stubEnv('TMPDIR', temporary);
    processor = new ImageProcessor();
  });
  afterEach(() => {
    processor.close();
    vi.unstubAllEnvs();
    rmSync(temporary, { recursive: true, force: true });
  });

  it("encodes an upload apart from the service, at the lowest CPU priority, with none of the service's secrets", async () => {
    vi.stubEnv('API_ADMIN_TOKEN', 'a-secret-the-encoder-must-not-see-0123456789');
    const processing = processor.process(await jpeg(700, 400), 'image/jpeg');
    const encoder = await vi.waitFor(() => startedEncoder() ?? Promise.reject(new Error('no encoder yet')), {
      timeout: 5_000,
      interval: 5,
    });
    expect(encoder).toEqual({ pid: expect.any(Number), nice: BACKGROUND_NICE });
    const environment = readFileSync(`/proc/${encoder.pid}/environ`, 'utf8').split('\0').filter(Boolean);
    const image = await processing;
    expect(image.variants.map(({ width, format }) => `${width}.${format}`)).toEqual([
      '320.avif',
      '320.webp',
      '640.avif',
      '640.webp',
      '700.avif',
      '700.webp',
      '700.jpg',
    ]);
    expect(Buffer.isBuffer(image.variants[0].body)).toBe(true);
    expect(readdirSync(temporary)).toEqual([]);
    // Node adds the IPC channel's own two (NODE_CHANNEL_FD, NODE_CHANNEL_SERIALIZATION_MODE).
    const names = environment.map((entry) => entry.split('=')[0]).filter((name) => !name.startsWith('NODE_CHANNEL_'));
    expect(names).toContain('PATH');
    expect(names.filter((name) => !['PATH', 'LD_PRELOAD', 'MALLOC_CONF', 'NODE_COMPILE_CACHE'].includes(name))).toEqual([]);
  });

  it('encodes the fallback of a picture wider than a page shows at 1200 px for link previews, 1920 px for pages, and its own width', async () => {
    const image = await processor.process(await jpeg(2400, 1200), 'image/jpeg');
    expect(image.variants.filter(({ format }) => format === 'jpg').map(({ width, height }) => `${width}×${height}`)).toEqual([
      '1200×600',
      '1920×960',
      '2400×1200',
    ]);
    expect(image.variants.filter(({ format }) => format === 'webp').map(({ width }) => width)).toEqual(VARIANT_WIDTHS);
  });

  /**
   * Sends the encoder `signal` once it has spent 400 ms of CPU, its start (~100 ms) and a job's
   * beginning (a 3000×2000 picture takes some seconds); answers how that upload ends.
   */
  async function ended(signal: NodeJS.Signals): Promise<unknown> {
    const upload = processor.process(await jpeg(3000, 2000), 'image/jpeg');
    const encoder = await vi.waitFor(() => startedEncoder() ?? Promise.reject(new Error('no encoder yet')), {
      timeout: 5_000,
      interval: 5,
    });
    await vi.waitFor(() => expect(cpuTicks(encoder.pid)).toBeGreaterThanOrEqual(40), { timeout: 10_000, interval: 5 });
    process.kill(encoder.pid, signal);
    return upload.catch((error: unknown) => error);
  }

  it("refuses what the encoder refuses with 422, and answers the encoder's crash on a file with 422 too, then goes on", async () => {
    await expect(processor.process(Buffer.from('not a picture'), 'image/jpeg')).rejects.toMatchObject({
      status: 422,
      response: { detail: [{ msg: 'Input should be a JPEG, PNG, WebP or AVIF image' }] },
    });
    expect(await ended('SIGSEGV')).toMatchObject({ status: 422, response: { detail: [{ msg: 'The image could not be processed' }] } });
    await expect(processor.process(await jpeg(400, 300), 'image/jpeg')).resolves.toMatchObject({ width: 400, height: 300 });
    expect(readdirSync(temporary)).toEqual([]);
  });

  it('answers 503 when the encoder is killed from outside during an upload (the OOM killer, a stop): no fault of the picture', async () => {
    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      expect(await ended(signal)).toMatchObject({ status: 503, response: { detail: ENCODER_STOPPED } });
    }
    await expect(processor.process(await jpeg(400, 300), 'image/jpeg')).resolves.toMatchObject({ width: 400, height: 300 });
    expect(readdirSync(temporary)).toEqual([]);
  });

  it('ends once its last upload is done, its memory handed back; uploads waiting their turn share one, and the next starts another', async () => {
    // The encoders of the tests before have ended.
    await vi.waitFor(() => expect(children()).toEqual([]), { timeout: 5_000 });
    const pids = new Set<number>();
    const watching = setInterval(() => children().forEach((pid) => pids.add(pid)), 5);
    try {
      const batch = await Promise.all([jpeg(1200, 800), jpeg(1000, 700)]);
      await Promise.all(batch.map((bytes) => processor.process(bytes, 'image/jpeg')));
      expect(pids.size).toBe(1);
      await vi.waitFor(() => expect(children()).toEqual([]), { timeout: 5_000 });
      await processor.process(await jpeg(400, 300), 'image/jpeg');
      expect(pids.size).toBe(2);
      await vi.waitFor(() => expect(children()).toEqual([]), { timeout: 5_000 });
    } finally {
      clearInterval(watching);
    }
  });
});

describe('the upload queue', () => {
  const png = (background: string) =>
    sharp({ create: { width: 8, height: 8, channels: 3, background } })
      .png()
      .toBuffer();
  let processor: ImageProcessor;
  let run: MockInstance<EncoderProcess['run']>;
  beforeEach(() => {
    // An encoder that takes as long as it is let: it ends only when its job is ended, and as a process, a moment after.
    run = vi.spyOn(EncoderProcess.prototype, 'run').mockImplementation(
      (_job, until) =>
        new Promise((resolve) => {
          const stopped = () => setTimeout(() => resolve({ stopped: true }), 50);
          if (until?.aborted) stopped();
          until?.addEventListener('abort', stopped);
        }),
    );
    processor = new ImageProcessor(200);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    processor.close();
  });

  it('refuses an upload the encoder cannot finish by the deadline (422), and one that waited past it (503)', async () => {
    const [one, other] = await Promise.all([png('#010101'), png('#020202')]);
    const first = processor.process(one, 'image/png');
    const second = processor.process(other, 'image/png');
    await expect(first).rejects.toMatchObject({ issues: [{ loc: ['body'], type: 'image_too_costly' }] });
    await expect(second).rejects.toMatchObject({
      status: 503,
      response: { detail: 'The picture waited 0.2 s for its turn: send it again' },
    });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it(`turns away an upload at once while ${MOST_WAITING} wait`, async () => {
    const queued = await Promise.all(['#01', '#02', '#03', '#04', '#05'].map((shade) => png(`${shade}0000`)));
    const answers = queued.map((bytes) => processor.process(bytes, 'image/png').catch((error: unknown) => error));
    let refused: unknown;
    try {
      await processor.process(Buffer.from('the sixth'), 'image/png');
    } catch (error) {
      refused = error;
    }
    await Promise.all(answers);
    expect(refused).toMatchObject({
      status: 503,
      response: { detail: `${MOST_WAITING} pictures are waiting to be processed already: send it again shortly` },
    });
  });

  it('does not process an upload whose client went away while it waited, and ends the one it was processing', async () => {
    const [goneWhileWaiting, goneWhileProcessing] = [new AbortController(), new AbortController()];
    const [one, other] = await Promise.all([png('#030303'), png('#040404')]);
    const processing = processor.process(one, 'image/png', undefined, goneWhileProcessing.signal);
    const waiting = processor.process(other, 'image/png', undefined, goneWhileWaiting.signal);
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    goneWhileWaiting.abort(new Error('The client went away before its answer'));
    goneWhileProcessing.abort(new Error('The client went away before its answer'));
    for (const upload of [processing, waiting])
      await expect(upload).rejects.toMatchObject({ status: 503, response: { detail: 'The client went away before its answer' } });
    expect(run).toHaveBeenCalledTimes(1);
  });
});
