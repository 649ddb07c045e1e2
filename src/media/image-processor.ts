import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { ServiceUnavailableException, UnsupportedMediaTypeException } from '@nestjs/common';
import pLimit from 'p-limit';
import { backgroundSlices } from '@/common/scheduling/event-loop-turns';
import { RequestValidationException } from '@/common/validation/request-validation.exception';
import { SOURCE_ROOT } from '@/source-root';
import type { ProcessedPixels } from './encode-job';
import { EncoderProcess } from './encoder-process';
import { UPLOAD_REFUSED } from './uploaded-image.decorator';

/** What an upload may be, by Content-Type, and the format sharp must find in its bytes. */
export const UPLOAD_TYPES = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif' } as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

/** The most pixels an upload may have: checked from its header, before anything is decoded. */
export const MAX_PIXELS = 40_000_000;
/** The widths a page asks for; an image gets those not wider than itself, and its own width when that is at most the widest. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The widest a page shows a picture: what a browser without AVIF or WebP is sent at most. */
export const WIDEST_SHOWN = VARIANT_WIDTHS.at(-1)!;
/** The width link previews, feeds and structured data link a picture at (Open Graph's and Google's 1200). */
export const PREVIEW_WIDTH = 1200;
/** The widths of the fallback format (JPEG, or PNG) an image gets when it is wider, beside its own: one per use. */
export const FALLBACK_WIDTHS = [PREVIEW_WIDTH, WIDEST_SHOWN] as const;
/**
 * How many uploads an instance decodes and encodes at once; others wait their turn. One: on two
 * cores, two at once took the public reads' p99 to 2.7x where one took 1.9x (the media issue's
 * runs, BENCHMARKS.md), and the encoder process holds one decoded image at a time.
 */
const PROCESSED_AT_ONCE = 1;
/** How many uploads may wait for their turn; one more is 503 at once. */
export const MOST_WAITING = 4;
/** The most an upload may take, its wait for a turn included, unless the caller says (MEDIA_PROCESS_TIMEOUT_MS). */
const DEADLINE_MS = 20_000;

export interface ProcessedImage extends ProcessedPixels {
  /** Derived from the uploaded bytes: the same bytes twice are the same item. */
  id: string;
  /** The Content-Type it was uploaded as, which its bytes were found to be. */
  uploadedAs: UploadType;
}

/** How much of an upload is hashed between two looks at the time (backgroundSlices): about a quarter of a millisecond. */
const HASHED_AT_ONCE = 256 * 1024;

/**
 * The id of an upload: a prefix of its bytes' SHA-256, hashed a slice at a time and the event loop
 * given back every few milliseconds: in one call, a 10 MB upload held the other requests up for
 * 10-30 ms.
 */
export async function mediaIdOf(bytes: Buffer): Promise<string> {
  const hash = createHash('sha256');
  const giveWay = backgroundSlices();
  for (let at = 0; at < bytes.length; at += HASHED_AT_ONCE) {
    await giveWay();
    hash.update(bytes.subarray(at, at + HASHED_AT_ONCE));
  }
  return hash.digest('hex').slice(0, 24);
}

const notAnImage = (msg: string) => RequestValidationException.single(['body'], msg, 'image_invalid');

const QUEUE_FULL = `${MOST_WAITING} pictures are waiting to be processed already: send it again shortly`;

/** Why an upload stopped when its client went away: no one reads what it is answered. */
const ended = (clientGone: AbortSignal) => new ServiceUnavailableException({ detail: String((clientGone.reason as Error).message) });

/** The encoder process was ended from outside during the upload: no fault of the picture's, so worth sending again. */
export const ENCODER_STOPPED =
  'The picture could not be processed now (its encoder was stopped: out of memory, or the service stopping); try again';

/** The encoder process's entry point, beside this file, compiled or (under the tests) not. */
const ENCODER_ENTRY = join(SOURCE_ROOT, 'media', `image-encoder.process${extname(__filename)}`);

/**
 * Every upload processed once, one at a time, in the encoder process (image-encoder.process.ts),
 * within a deadline that covers its wait for a turn; at most MOST_WAITING wait.
 */
export class ImageProcessor {
  private readonly turns = pLimit(PROCESSED_AT_ONCE);
  private readonly encoder = new EncoderProcess(ENCODER_ENTRY);

  constructor(private readonly deadlineMs = DEADLINE_MS) {}

  /**
   * `id`: the bytes' (mediaIdOf), where the caller has it already. Past the deadline in the queue
   * it is 503 (send it again), in the encoder 422 (the image costs too much: it would again); an
   * upload whose client went away (`clientGone`) is not processed, or no further.
   */
  process(bytes: Buffer, declared: string, id?: string, clientGone?: AbortSignal): Promise<ProcessedImage> {
    if (!Object.hasOwn(UPLOAD_TYPES, declared)) throw new UnsupportedMediaTypeException({ detail: UPLOAD_REFUSED });
    if (this.turns.pendingCount >= MOST_WAITING) throw new ServiceUnavailableException({ detail: QUEUE_FULL });
    const uploadedAs = declared as UploadType;
    const deadline = AbortSignal.timeout(this.deadlineMs);
    const until = clientGone ? AbortSignal.any([deadline, clientGone]) : deadline;
    return this.turns(async () => {
      // A client gone is told first: no one reads what it is answered, whatever the deadline did.
      if (until.aborted) throw clientGone?.aborted ? ended(clientGone) : this.waitedTooLong();
      try {
        return { id: id ?? (await mediaIdOf(bytes)), uploadedAs, ...(await this.processed(bytes, UPLOAD_TYPES[uploadedAs], until)) };
      } catch (error) {
        if (!until.aborted) throw error;
        throw clientGone?.aborted ? ended(clientGone) : this.tooCostly();
      } finally {
        // Uploads waiting their turn share the process; after the last, it ends and its memory goes back.
        if (this.turns.pendingCount === 0) this.encoder.release();
      }
    });
  }

  /** Stops the encoder process, if it runs. */
  close(): void {
    this.encoder.stop();
  }

  private tooCostly(): RequestValidationException {
    return RequestValidationException.single(
      ['body'],
      `The image takes longer than ${this.deadlineMs / 1000} s to process: save it smaller, or without progressive scans`,
      'image_too_costly',
    );
  }

  private waitedTooLong(): ServiceUnavailableException {
    return new ServiceUnavailableException({ detail: `The picture waited ${this.deadlineMs / 1000} s for its turn: send it again` });
  }

  private async processed(bytes: Buffer, expected: string, until: AbortSignal): Promise<ProcessedPixels> {
    const folder = await mkdtemp(join(tmpdir(), 'portfolio-upload-'));
    try {
      const upload = join(folder, 'upload');
      await writeFile(upload, bytes);
      const reply = await this.encoder.run(
        { upload, expected, maxPixels: MAX_PIXELS, widths: VARIANT_WIDTHS, fallbackWidths: FALLBACK_WIDTHS },
        until,
      );
      if ('refused' in reply) throw notAnImage(reply.refused);
      // An encoder that died on these bytes: what no image should do, so the image is refused.
      if ('crashed' in reply) throw notAnImage('The image could not be processed');
      if ('stopped' in reply) throw new ServiceUnavailableException({ detail: ENCODER_STOPPED });
      if ('failed' in reply) throw new Error(`The image encoder failed: ${reply.failed}`);
      const variants = await Promise.all(
        reply.image.variants.map(async ({ file, ...variant }) => ({ ...variant, body: await readFile(file) })),
      );
      return { ...reply.image, variants };
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}
