import { crc32 } from 'node:zlib';
import exifr from 'exifr';
import sharp from 'sharp';
import { ImageProcessor, type ProcessedImage } from '@/media/image-processor';
import { cameraPhoto } from '@test/support/pictures';

/** A valid PNG whose header claims `width` × `height` pixels: a decompression bomb, caught before it is decoded. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(width, 16);
  bomb.writeUInt32BE(height, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29); // the IHDR chunk's CRC, over its type and data
  return bomb;
}

const variantOf = (image: ProcessedImage, name: string) => image.variants.find(({ width, format }) => `${width}.${format}` === name)!.body;

/** What an upload becomes in the encoder: the pixels a visitor is sent, and what is kept of the file. */
describe('an uploaded picture', () => {
  let processor: ImageProcessor;
  beforeAll(() => (processor = new ImageProcessor()));
  afterAll(() => processor.close());

  it('is turned upright, encoded at every width not wider than it in AVIF and WebP with a JPEG fallback, and has a placeholder', async () => {
    const image = await processor.process(await cameraPhoto(), 'image/jpeg');
    expect([image.width, image.height, image.fallback]).toEqual([600, 1000, 'jpg']);
    expect(image.variants.map(({ width, format }) => `${width}.${format}`)).toEqual([
      '320.avif',
      '320.webp',
      '600.avif',
      '600.webp',
      '600.jpg',
    ]);
    expect(Buffer.from(image.placeholder, 'base64').length).toBeGreaterThan(5);
  });

  it('keeps no metadata block in any variant, the stripped original included: none names a camera or an owner', async () => {
    const image = await processor.process(await cameraPhoto(), 'image/jpeg');
    for (const { body } of image.variants) {
      const metadata = await sharp(body).metadata();
      expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect(await exifr.parse(body).catch(() => undefined)).toBeUndefined();
    }
  });

  it('is converted from a wide gamut to sRGB: the colours stay, the profile goes', async () => {
    const colour = { r: 200, g: 60, b: 60 };
    const displayP3 = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
      .withIccProfile('p3')
      .jpeg({ quality: 100 })
      .toBuffer();
    const stored = await sharp(displayP3, { ignoreIcc: true }).raw().toBuffer();
    // P3's numbers for that colour are not sRGB's: kept as they were, it would look duller.
    expect(Math.abs(stored[0] - colour.r) + Math.abs(stored[1] - colour.g)).toBeGreaterThan(10);
    const fallback = variantOf(await processor.process(displayP3, 'image/jpeg'), '400.jpg');
    const metadata = await sharp(fallback).metadata();
    expect([metadata.space, metadata.icc]).toEqual(['srgb', undefined]);
    const pixel = await sharp(fallback).raw().toBuffer();
    for (const [index, expected] of [colour.r, colour.g, colour.b].entries())
      expect(Math.abs(pixel[index] - expected)).toBeLessThanOrEqual(4);
  });

  it('keeps its transparency: the fallback of a PNG with an alpha channel is PNG', async () => {
    const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const image = await processor.process(logo, 'image/png');
    expect(image.fallback).toBe('png');
    expect((await sharp(variantOf(image, '400.png')).metadata()).hasAlpha).toBe(true);
  });

  it('is refused with 422 at the body when its bytes are of another type than declared', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(processor.process(png, 'image/jpeg')).rejects.toMatchObject({
      status: 422,
      response: { detail: [{ loc: ['body'], msg: 'The bytes are png, not the declared type', type: 'image_invalid' }] },
    });
  });

  it('is refused with 422 as a decompression bomb from its header, before it is decoded', async () => {
    const refusal = processor.process(await pngClaiming(20_000, 20_000), 'image/png');
    await expect(refusal).rejects.toMatchObject({ status: 422, response: { detail: [{ msg: expect.stringContaining('40 megapixels') }] } });
  });

  it.each(['image/svg+xml', 'application/json'])('is refused with 415 when declared as %s (an SVG may carry script)', (type) => {
    expect(() => processor.process(Buffer.from('<svg/>'), type)).toThrow(expect.objectContaining({ status: 415 }));
  });
});
