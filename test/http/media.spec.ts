import type { MockInstance } from 'vitest';
import sharp from 'sharp';
import request from 'supertest';
import { EncoderProcess } from '@/media/encoder-process';
import { ImageProcessor, mediaIdOf } from '@/media/image-processor';
import { ADMIN_TOKEN } from '@test/support/admin';
import { type AppOnDatabase, appOnDatabase } from '@test/support/app-on-database';
import { createTestApp, type TestApp } from '@test/support/test-app';
import { cameraPhoto } from '@test/support/pictures';

interface MediaItem {
  id: string;
  url: string;
  type: string;
  width: number;
  height: number;
  placeholder: string;
  alt: Record<string, string>;
  focalPoint: { x: number; y: number } | null;
  variants: { width: number; height: number; type: string; url: string }[];
  usedBy: { domain: string; id: string | null }[];
}

describe('media on PostgreSQL', () => {
  let onDatabase: AppOnDatabase;
  const http = () => request(onDatabase.testApp.server);
  const upload = (bytes: Buffer, type: string) =>
    http().post('/api/admin/media').set('Authorization', `Bearer ${ADMIN_TOKEN}`).set('Content-Type', type).send(bytes);
  let photo: MediaItem;

  beforeAll(async () => {
    onDatabase = await appOnDatabase();
    photo = (await upload(await cameraPhoto(), 'image/jpeg').expect(201)).body as MediaItem;
  });
  afterAll(() => onDatabase.close());

  // What the encoder makes of an upload (upright, stripped, sRGB, transparency, refusals) is its own (test/service/uploaded-pictures.service.spec.ts).
  it('answers an upload 201 with the item: its URL, its upright size, and each variant by its own URL and type', () => {
    expect(photo).toMatchObject({ url: `/api/media/${photo.id}`, type: 'image/jpeg', width: 600, height: 1000, alt: {}, focalPoint: null });
    expect(photo.placeholder).toEqual(expect.any(String));
    const extensions: Record<string, string> = { 'image/avif': 'avif', 'image/webp': 'webp', 'image/jpeg': 'jpg' };
    expect(photo.variants.length).toBeGreaterThan(0);
    for (const { width, type, url } of photo.variants) expect(url).toBe(`${photo.url}/${width}.${extensions[type]}`);
  });

  it('serves a variant immutable, with an ETag that answers 304', async () => {
    const served = await http().get(photo.variants[0].url).buffer(true).expect(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/avif', 'cache-control': 'public, max-age=31536000, immutable' });
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('heif');
    await http().get(photo.variants[0].url).set('If-None-Match', served.headers.etag).expect(304);
    await http().get(`/api/media/${photo.id}/1280.avif`).expect(404);
  });

  it.each([
    ['image/avif,image/webp,*/*', undefined, 'image/avif', 600],
    ['image/webp,*/*', '300', 'image/webp', 320],
    ['*/*', '500', 'image/jpeg', 600],
    [undefined, undefined, 'image/jpeg', 600],
  ])('picks the format Accept %s allows at ?w=%s: %s, %i wide, varying with Accept', async (accept, width, type, expectedWidth) => {
    const asked = http()
      .get(`/api/media/${photo.id}${width ? `?w=${width}` : ''}`)
      .buffer(true);
    const served = await (accept ? asked.set('Accept', accept) : asked).expect(200);
    expect(served.headers).toMatchObject({ 'content-type': type, vary: 'Accept' });
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(expectedWidth);
  });

  it.each([
    [
      'SVG (it may carry script)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      415,
    ],
    ['a form', Buffer.from('a=1'), 'application/x-www-form-urlencoded', 415],
    ['JSON', Buffer.from('{"image":"x"}'), 'application/json', 415],
    ['text that is no image', Buffer.from('not a picture at all'), 'image/jpeg', 422],
  ])('refuses %s', async (_, bytes, type, status) => {
    await upload(bytes, type).expect(status);
  });

  it('refuses more than 10 MB with 413, announced or sent', async () => {
    const response = await upload(Buffer.alloc(10 * 1024 * 1024 + 1), 'image/jpeg').expect(413);
    expect(response.body).toEqual({ detail: 'Request body exceeds the 10 MB limit' });
  });

  it('processes one upload at a time, the others waiting, while public reads keep answering', async () => {
    const processor = ImageProcessor.prototype as unknown as { processed: (...args: unknown[]) => Promise<unknown> };
    const original = processor.processed;
    let inFlight = 0;
    let most = 0;
    const processed = vi.spyOn(processor, 'processed').mockImplementation(async function (this: unknown, ...args: unknown[]) {
      most = Math.max(most, (inFlight += 1));
      try {
        return await original.apply(this, args);
      } finally {
        inFlight -= 1;
      }
    });
    try {
      const squares = await Promise.all(
        ['#101010', '#202020', '#303030'].map((background) =>
          sharp({ create: { width: 800, height: 600, channels: 3, background } })
            .jpeg()
            .toBuffer(),
        ),
      );
      const uploads = Promise.all(squares.map((square) => upload(square, 'image/jpeg').expect(201)));
      await http().get('/api/projects').expect(200);
      await uploads;
      expect([processed.mock.calls.length, most]).toEqual([3, 1]);
    } finally {
      processed.mockRestore();
    }
  });

  it('checks the credential before the body', async () => {
    await http().post('/api/admin/media').set('Content-Type', 'image/svg+xml').send(Buffer.from('<svg/>')).expect(401);
  });

  it('describes a project whose image names a picture with its image set, in the language read, on every instance', async () => {
    const admin = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    const other = await createTestApp({
      env: { DATABASE_URL: onDatabase.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      await admin(http().patch('/api/projects/ledger-lens')).send({ image: photo.url }).expect(200);
      const imageSetOn = async (app: TestApp, path: string) => (await request(app.server).get(path).expect(200)).body;
      // Read (and so prepared) on the other instance before the picture is described.
      expect((await imageSetOn(other, '/api/projects/ledger-lens')).imageSet.alt).toBe('');
      await admin(http().patch(`/api/admin/media/${photo.id}`))
        .send({ alt: { english: 'Ledger Lens on a laptop', nederlands: 'Ledger Lens op een laptop' } })
        .expect(200);
      const detail = await imageSetOn(onDatabase.testApp, '/api/projects/ledger-lens?lang=nederlands');
      expect(detail.imageSet).toEqual({
        width: 600,
        height: 1000,
        placeholder: photo.placeholder,
        alt: 'Ledger Lens op een laptop',
        focalPoint: null,
        sources: [
          { type: 'image/avif', srcset: `${photo.url}/320.avif 320w, ${photo.url}/600.avif 600w` },
          { type: 'image/webp', srcset: `${photo.url}/320.webp 320w, ${photo.url}/600.webp 600w` },
        ],
        fallback: `${photo.url}/600.jpg`,
      });
      const cards = (await imageSetOn(onDatabase.testApp, '/api/projects')) as { slug: string; imageSet?: { alt: string } }[];
      expect(cards.find((card) => card.slug === 'ledger-lens')?.imageSet?.alt).toBe('Ledger Lens on a laptop');
      await vi.waitFor(
        async () => expect((await imageSetOn(other, '/api/projects/ledger-lens')).imageSet.alt).toBe('Ledger Lens on a laptop'),
        {
          timeout: 5_000,
        },
      );
    } finally {
      await admin(http().patch('/api/projects/ledger-lens')).send({ image: '' }).expect(200);
      await other.close();
    }
  });

  it('answers a PATCH that changes nothing with the item as it is, and refuses alt text in a language it does not know or a focal point off the picture', async () => {
    const patch = () => http().patch(`/api/admin/media/${photo.id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).type('json');
    const before = (await patch().send({}).expect(200)).body as MediaItem;
    expect((await patch().send({ foo: 1 }).expect(200)).body).toEqual(before);
    await http().patch('/api/admin/media/000000000000000000000000').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({}).expect(404);
    for (const alt of ['{"klingon":"nuqneH"}', '{"__proto__":{"english":"x"}}', '{"constructor":"x"}']) {
      const refused = await patch().send(`{"alt":${alt}}`).expect(422);
      expect(refused.body.detail[0]).toMatchObject({ loc: ['body', 'alt'], msg: 'Alt texts are written in english, nederlands' });
    }
    await patch()
      .send({ focalPoint: { x: 2, y: 0 } })
      .expect(422);
    expect((await patch().send({}).expect(200)).body).toEqual(before);
  });

  it('refuses an empty upload as no image, without starting the encoder', async () => {
    const processing = vi.spyOn(ImageProcessor.prototype, 'process');
    try {
      const refused = await upload(Buffer.alloc(0), 'image/jpeg').expect(422);
      expect(refused.body.detail[0]).toMatchObject({ loc: ['body'], type: 'missing' });
      expect(processing).not.toHaveBeenCalled();
    } finally {
      processing.mockRestore();
    }
  });
});

describe('uploads within a deadline and a bounded queue', () => {
  let onDatabase: AppOnDatabase;
  const upload = (bytes: Buffer, type = 'image/png') =>
    request(onDatabase.testApp.server)
      .post('/api/admin/media')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', type)
      .send(bytes);
  const listed = async () =>
    (
      (await request(onDatabase.testApp.server).get('/api/admin/media').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200))
        .body as MediaItem[]
    ).map((item) => item.id);
  /** Noise in every pixel: many seconds of AVIF and WebP at five widths, past the one-second deadline. */
  let costly: Buffer;
  const square = (background: string) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    onDatabase = await appOnDatabase({ MEDIA_PROCESS_TIMEOUT_MS: '1000' });
    costly = await sharp({
      create: { width: 1400, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
  });
  afterAll(() => onDatabase.close());

  it('refuses an image the encoder cannot finish within MEDIA_PROCESS_TIMEOUT_MS (422), keeps nothing, and processes the next', async () => {
    const refused = await upload(costly, 'image/jpeg').expect(422);
    expect(refused.body.detail[0]).toMatchObject({ loc: ['body'], type: 'image_too_costly' });
    expect(await listed()).toEqual([]);
    const next = await upload(await square('#336699')).expect(201);
    expect(await listed()).toEqual([next.body.id]);
  });

  /** The costly upload, once the encoder has it: what comes next waits for its turn. */
  async function costlyInTheEncoder(run: MockInstance): Promise<{ processing: Promise<request.Response> }> {
    const processing = upload(costly, 'image/jpeg').then();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1), { interval: 10 });
    return { processing };
  }

  it('does not process an upload whose client went away while it waited', async () => {
    const run = vi.spyOn(EncoderProcess.prototype, 'run');
    const process = vi.spyOn(ImageProcessor.prototype, 'process');
    try {
      const { processing } = await costlyInTheEncoder(run);
      const gone = upload(await square('#0a0b0c'));
      gone.then(
        () => undefined,
        () => undefined,
      );
      await vi.waitFor(() => expect(process).toHaveBeenCalledTimes(2), { interval: 10 }); // it waits its turn
      gone.abort();
      expect((await processing).status).toBe(422);
      await expect(process.mock.results[1].value).rejects.toMatchObject({ response: { detail: 'The client went away before its answer' } });
      // Nothing was encoded: the costly one was ended at its deadline, the other never started.
      for (const { value } of run.mock.results) expect(await (value as ReturnType<EncoderProcess['run']>)).toEqual({ stopped: true });
      expect(await listed()).not.toContain(await mediaIdOf(await square('#0a0b0c')));
    } finally {
      run.mockRestore();
      process.mockRestore();
    }
  });
});

describe('media without a database', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { DATABASE_URL: undefined, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(() => testApp.close());

  it('answers an upload 503 before processing it, and a read of an unknown picture 404', async () => {
    await request(testApp.server)
      .post('/api/admin/media')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .set('Content-Type', 'image/jpeg')
      .send(await cameraPhoto())
      .expect(503);
    await request(testApp.server).get('/api/media/3f9a1c0d2b7e4a5f6c8d9e0a').expect(404);
  });

  it("serves the demo's own pictures, which every project card describes", async () => {
    const cards = (await request(testApp.server).get('/api/projects?lang=nederlands').expect(200)).body as {
      title: string;
      image: string;
      imageSet: { alt: string; fallback: string; sources: { srcset: string }[] };
    }[];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.image).toMatch(/^\/api\/media\/[0-9a-f]{24}$/);
      expect(card.imageSet.alt).toBe(`${card.title}: de titelkaart van het project`);
    }
    const [first] = cards;
    const fallback = await request(testApp.server).get(first.imageSet.fallback).buffer(true).expect(200);
    expect(fallback.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, immutable' });
    expect((await sharp(fallback.body as Buffer).metadata()).format).toBe('jpeg');
    await request(testApp.server)
      .get(`${first.image}?w=300`)
      .set('Accept', 'image/avif,image/webp')
      .expect('Content-Type', 'image/avif')
      .expect(200);
    const listed = await request(testApp.server).get('/api/admin/media').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(listed.body).toEqual([]);
  });
});
