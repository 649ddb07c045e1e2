/**
 * The encoder process: every upload is decoded and encoded here, apart from the service, at the
 * lowest CPU priority it was started with (EncoderProcess). It runs as its own entry point, plain
 * Node.js under the tests too, so it imports nothing of the service's but types.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Sharp } from 'sharp';
import type { EncodeJob, EncodeReply, ImageVariant, ProcessedPixels, VariantFormat } from './encode-job';

/** A refusal of the upload itself: answered 422 with this message. */
class NotAnImage extends Error {}

let sharpLoaded: Promise<typeof import('sharp')> | undefined;

/** sharp, loaded with the first job (a failure to load is that job's); its cache off and its threads bounded. */
function loaded(): Promise<typeof import('sharp')> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/**
 * Its header read first (the declared type and the pixel count checked before a pixel is decoded),
 * then oriented, stripped of every metadata block, converted to sRGB, and encoded at each width in
 * AVIF and WebP, plus the fallback (JPEG, or PNG) at the widths its uses show it and at its own.
 */
async function encoded(bytes: Buffer, { expected, maxPixels, widths: wanted, fallbackWidths }: EncodeJob): Promise<ProcessedPixels> {
  const sharp = await loaded();
  // The header alone: nothing is decoded, so the pixel count is checked here, not by sharp's limit.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new NotAnImage('Input should be a JPEG, PNG, WebP or AVIF image');
    });
  if (metadata.format !== expected) throw new NotAnImage(`The bytes are ${metadata.format ?? 'not an image'}, not the declared type`);
  const { width = 0, height = 0 } = metadata;
  if (width * height > maxPixels) throw new NotAnImage(`At most ${maxPixels / 1_000_000} megapixels (this image has ${width}×${height})`);

  // Oriented and in sRGB; sharp writes no metadata unless asked to, so none of the upload's is kept.
  const oriented = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new NotAnImage('The image could not be decoded');
    });
  const { info } = oriented;
  const fromPixels = () => sharp(oriented.data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const fallback = metadata.hasAlpha ? 'png' : 'jpg';
  const encode = async (format: VariantFormat, width: number): Promise<ImageVariant> => {
    const resized = fromPixels().resize({ width, withoutEnlargement: true });
    const encoder =
      format === 'avif'
        ? resized.avif({ quality: 50, effort: 2 })
        : format === 'webp'
          ? resized.webp({ quality: 75 })
          : format === 'png'
            ? resized.png({ compressionLevel: 9 })
            : resized.jpeg({ quality: 82, mozjpeg: true });
    const { data, info: out } = await encoder.toBuffer({ resolveWithObject: true });
    return { width: out.width, height: out.height, format, body: data };
  };
  const widest = wanted.at(-1)!;
  // Never wider than the picture; its own width too when a page could ask for no more than that.
  const widths = [...wanted.filter((width) => width < info.width), ...(info.width <= widest ? [info.width] : [])];
  const variants: ImageVariant[] = [];
  // One size at a time: the peak memory is one decoded image and one encoding.
  for (const width of widths) for (const format of ['avif', 'webp'] as const) variants.push(await encode(format, width));
  // The fallback at the sizes its uses show it, and at the full width: the stripped original an owner backs up.
  for (const width of [...fallbackWidths.filter((width) => width < info.width), info.width]) variants.push(await encode(fallback, width));
  return { width: info.width, height: info.height, fallback, variants, placeholder: await placeholderOf(fromPixels()) };
}

/** ThumbHash wants at most 100×100 RGBA. */
async function placeholderOf(image: Sharp): Promise<string> {
  const { data, info } = await image.resize(100, 100, { fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { rgbaToThumbHash } = await import('thumbhash');
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}

/** The upload read from its file, and each variant written beside it (`640.avif`). */
async function processed(job: EncodeJob): Promise<EncodeReply> {
  const { variants, ...image } = await encoded(await readFile(job.upload), job);
  const files = variants.map(({ width, format }) => join(dirname(job.upload), `${width}.${format}`));
  await Promise.all(variants.map(({ body }, i) => writeFile(files[i], body)));
  return { image: { ...image, variants: variants.map(({ width, height, format }, i) => ({ width, height, format, file: files[i] })) } };
}

process.on('message', (job: EncodeJob) => {
  processed(job).then(
    (reply) => process.send!(reply),
    (error: Error) => process.send!(error instanceof NotAnImage ? { refused: error.message } : { failed: error.message }),
  );
});
