import type { MockInstance } from 'vitest';
import sharp from 'sharp';
import request from 'supertest';
import { EncoderProcess } from '@/media/encoder-process';
import { ImageProcessor, mediaIdOf } from '@/media/image-processor';
import { FallbackSizes } from '@/media/fallback-sizes';
import { ImageSets } from '@/media/image-sets';
import { MediaRepository } from '@/media/persistence/media.repository';
import { ReadModel } from '@/read-model/read-model';
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

  it('answers the same bytes again with 200 and the item kept, without decoding them again; declared as another type, 422', async () => {
    const processing = vi.spyOn(ImageProcessor.prototype, 'process');
    try {
      const again = await upload(await cameraPhoto(), 'image/jpeg').expect(200);
      expect(again.body).toEqual(photo);
      expect(processing).not.toHaveBeenCalled();
      const mislabelled = await upload(await cameraPhoto(), 'image/png').expect(422);
      expect(mislabelled.body.detail[0]).toMatchObject({ loc: ['body'], msg: 'The bytes are jpeg, not the declared type' });
    } finally {
      processing.mockRestore();
    }
  });

  it('decodes once more the bytes of a picture kept before its type was recorded, and records it', async () => {
    await onDatabase.database.query('UPDATE media_items SET uploaded_as = NULL WHERE id = $1', [photo.id]);
    const processing = vi.spyOn(ImageProcessor.prototype, 'process');
    try {
      const twice = [
        await upload(await cameraPhoto(), 'image/jpeg').expect(200),
        await upload(await cameraPhoto(), 'image/jpeg').expect(200),
      ];
      expect(twice.map(({ body }) => body)).toEqual([photo, photo]);
      expect(processing).toHaveBeenCalledTimes(1);
    } finally {
      processing.mockRestore();
    }
  });

  it('serves a hot picture from memory, at its variant URL and at the negotiating one: no database read after the first', async () => {
    const urls = [photo.variants[1].url, `${photo.url}?w=300`];
    for (const url of urls) await http().get(url).set('Accept', 'image/webp').expect(200);
    const repository = onDatabase.testApp.app.get(MediaRepository);
    const reads = [vi.spyOn(repository, 'variant'), vi.spyOn(repository, 'find')];
    for (const url of [...urls, ...urls]) await http().get(url).set('Accept', 'image/webp').expect(200);
    for (const read of reads) {
      expect(read).not.toHaveBeenCalled();
      read.mockRestore();
    }
  });

  it('keeps one copy of a negotiated picture for every width that picks the same variant', async () => {
    await http().get(`${photo.url}?w=1`).set('Accept', 'image/avif').expect(200);
    const finds = vi.spyOn(onDatabase.testApp.app.get(MediaRepository), 'find');
    try {
      for (const width of [2, 100, 319, 320]) await http().get(`${photo.url}?w=${width}`).set('Accept', 'image/avif').expect(200);
      expect(finds).not.toHaveBeenCalled();
      await http().get(`${photo.url}?w=321`).set('Accept', 'image/avif').expect(200);
      expect(finds).toHaveBeenCalledTimes(1);
    } finally {
      finds.mockRestore();
    }
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

  it('sends a browser without AVIF or WebP a wide picture at most 1920 px wide, links it at 1200 px for previews, and keeps the original whole', async () => {
    const bytes = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const wide = (await upload(bytes, 'image/jpeg').expect(201)).body as MediaItem;
    const widthOf = async (path: string) =>
      (await sharp((await http().get(path).buffer(true).expect(200)).body as Buffer).metadata()).width;
    expect(await widthOf(wide.url)).toBe(1920);
    expect(await widthOf(`${wide.url}?w=1000`)).toBe(1200);
    expect(await widthOf(`${wide.url}?w=1250`)).toBe(1920);
    expect(await widthOf(`${wide.url}?w=3000`)).toBe(1920);
    expect(await widthOf(`${wide.url}/2400.jpg`)).toBe(2400);
    const imageSets = onDatabase.testApp.app.get(ImageSets);
    expect((await imageSets.of([wide.url], 'english')).get(wide.url)?.fallback).toBe(`${wide.url}/1920.jpg`);
    expect(await imageSets.previews([wide.url, photo.url, '/elsewhere.png'])).toEqual(
      new Map([
        [wide.url, `${wide.url}/1200.jpg`],
        [photo.url, `${photo.url}/600.jpg`],
      ]),
    );

    // As if kept from before the fallback had these sizes: the instance that starts next adds them.
    await onDatabase.database.query(`DELETE FROM media_variants WHERE media_id = $1 AND name IN ('1200.jpg', '1920.jpg')`, [wide.id]);
    expect((await imageSets.of([wide.url], 'english')).get(wide.url)?.fallback).toBe(`${wide.url}/2400.jpg`);
    await onDatabase.testApp.app.get(FallbackSizes).onApplicationBootstrap();
    await vi.waitFor(async () => expect((await imageSets.previews([wide.url])).get(wide.url)).toBe(`${wide.url}/1200.jpg`), {
      timeout: 10_000,
    });
    expect((await imageSets.of([wide.url], 'english')).get(wide.url)?.fallback).toBe(`${wide.url}/1920.jpg`);
    expect(await widthOf(`${wide.url}/1920.jpg`)).toBe(1920);
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

  it("describes the profile's photo when it names a picture, in English", async () => {
    const admin = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    const patched = await admin(http().patch('/api/profile')).send({ photo: photo.url }).expect(200);
    expect(patched.body).toMatchObject({ photo: photo.url, imageSet: { width: 600, height: 1000, fallback: `${photo.url}/600.jpg` } });
    expect((await http().get('/api/profile').expect(200)).body.imageSet).toEqual(patched.body.imageSet);
    const exported = (await admin(http().get('/api/admin/content')).expect(200)).body as { profile: object };
    expect(exported.profile).toMatchObject({ photo: photo.url });
    expect(exported.profile).not.toHaveProperty('imageSet');
    await admin(http().patch('/api/profile')).send({ photo: '' }).expect(200);
    expect((await http().get('/api/profile').expect(200)).body).not.toHaveProperty('imageSet');
  });

  it("announces a picture's change with its write's id, so that the instance that made it knows the echo as its own", async () => {
    const readModel = onDatabase.testApp.app.get(ReadModel);
    const changedHere = vi.spyOn(readModel, 'changedHere');
    const announced = vi.spyOn(readModel, 'announced');
    try {
      await http()
        .patch(`/api/admin/media/${photo.id}`)
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .send({ alt: { english: 'A square' } })
        .expect(200);
      const write = changedHere.mock.calls.at(-1)?.[1];
      expect(write).toEqual(expect.any(String));
      await vi.waitFor(() => expect(announced).toHaveBeenCalledWith('projects', write), { timeout: 2_000 });
    } finally {
      changedHere.mockRestore();
      announced.mockRestore();
    }
  });

  it('answers a PATCH that changes nothing with the item as it is, and refuses alt text in a language it does not know', async () => {
    const patch = () => http().patch(`/api/admin/media/${photo.id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).type('json');
    const before = (await patch().send({}).expect(200)).body as MediaItem;
    expect((await patch().send({ foo: 1 }).expect(200)).body).toEqual(before);
    await http().patch('/api/admin/media/000000000000000000000000').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({}).expect(404);
    for (const alt of ['{"klingon":"nuqneH"}', '{"__proto__":{"english":"x"}}', '{"constructor":"x"}']) {
      const refused = await patch().send(`{"alt":${alt}}`).expect(422);
      expect(refused.body.detail[0]).toMatchObject({ loc: ['body', 'alt'], msg: 'Alt texts are written in english, nederlands' });
    }
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

  it('counts a picture only the draft names as in use: it cannot be deleted from under the publish that would show it', async () => {
    const admin = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    const drafted = (
      await upload(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
          .png()
          .toBuffer(),
        'image/png',
      ).expect(201)
    ).body as MediaItem;
    await admin(http().patch('/api/projects/physio-planner?draft=true')).send({ image: drafted.url }).expect(200);
    try {
      expect((await admin(http().get(`/api/admin/media?limit=1`)).expect(200)).body[0].usedBy).toEqual([
        { domain: 'projects', id: 'physio-planner' },
      ]);
      const refused = await admin(http().delete(`/api/admin/media/${drafted.id}`)).expect(409);
      expect(refused.body.detail).toBe(`Media ${drafted.id} is used by projects physio-planner (in the draft)`);
    } finally {
      await admin(http().delete('/api/admin/draft')).expect(204);
    }
    await admin(http().delete(`/api/admin/media/${drafted.id}`)).expect(204);
  });

  it('sets alt text per language and a focal point, lists newest first, and refuses to delete a picture content uses', async () => {
    const admin = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    const patched = await admin(http().patch(`/api/admin/media/${photo.id}`))
      .send({ alt: { english: 'A blue square', nederlands: 'Een blauw vierkant' }, focalPoint: { x: 0.5, y: 0.25 } })
      .expect(200);
    expect(patched.body).toMatchObject({
      alt: { english: 'A blue square', nederlands: 'Een blauw vierkant' },
      focalPoint: { x: 0.5, y: 0.25 },
    });
    await admin(http().patch(`/api/admin/media/${photo.id}`))
      .send({ focalPoint: { x: 2, y: 0 } })
      .expect(422);

    await admin(http().patch('/api/projects/tidewatch')).send({ image: photo.url }).expect(200);
    const listed = (await admin(http().get('/api/admin/media?limit=10')).expect(200)).body as MediaItem[];
    expect(listed.find((item) => item.id === photo.id)?.usedBy).toEqual([{ domain: 'projects', id: 'tidewatch' }]);
    const refused = await admin(http().delete(`/api/admin/media/${photo.id}`)).expect(409);
    expect(refused.body.detail).toBe(`Media ${photo.id} is used by projects tidewatch`);

    await admin(http().patch('/api/projects/tidewatch')).send({ image: '' }).expect(200);
    await admin(http().delete(`/api/admin/media/${photo.id}`)).expect(204);
    await http().get(photo.variants[0].url).expect(404);
    await admin(http().delete(`/api/admin/media/${photo.id}`)).expect(404);
  });

  it('stops serving a deleted picture on every instance, from memory as it was there', async () => {
    const other = await createTestApp({
      env: { DATABASE_URL: onDatabase.database.url, API_ADMIN_TOKEN: ADMIN_TOKEN, RATE_LIMIT_ENABLED: 'false' },
    });
    try {
      const square = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa5500' } })
        .jpeg()
        .toBuffer();
      const picture = (await upload(square, 'image/jpeg').expect(201)).body as MediaItem;
      const [variant, negotiated] = [picture.variants[0].url, `${picture.url}?w=320`];
      for (const url of [variant, variant, negotiated]) await request(other.server).get(url).set('Accept', 'image/avif').expect(200);
      await http().delete(`/api/admin/media/${picture.id}`).set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(204);
      await vi.waitFor(async () => {
        for (const url of [variant, negotiated]) await request(other.server).get(url).set('Accept', 'image/avif').expect(404);
      });
    } finally {
      await other.close();
    }
  });

  it('stops serving and describing a picture hidden by SQL typed by hand, as the database announces it', async () => {
    const admin = (test: request.Test) => test.set('Authorization', `Bearer ${ADMIN_TOKEN}`);
    const square = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0055aa' } })
      .jpeg()
      .toBuffer();
    const picture = (await upload(square, 'image/jpeg').expect(201)).body as MediaItem;
    await admin(http().patch('/api/projects/ledger-lens')).send({ image: picture.url }).expect(200);
    try {
      expect((await http().get('/api/projects/ledger-lens').expect(200)).body).toHaveProperty('imageSet');
      for (let read = 0; read < 2; read += 1) await http().get(picture.variants[0].url).expect(200);
      await onDatabase.database.query(`UPDATE media_items SET deleted_at = now() WHERE id = $1`, [picture.id]);
      await vi.waitFor(async () => {
        await http().get(picture.variants[0].url).expect(404);
        expect((await http().get('/api/projects/ledger-lens').expect(200)).body).not.toHaveProperty('imageSet');
      });
    } finally {
      await admin(http().patch('/api/projects/ledger-lens')).send({ image: '' }).expect(200);
    }
  });

  it("looks for pictures' uses in an unchanged content item's JSON made once, not again for every listing", async () => {
    const list = () => http().get('/api/admin/media?limit=10').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect((await list()).body).not.toEqual([]);
    await onDatabase.historyRecorded();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      await list();
      const items = stringify.mock.calls.filter(([value]) => Object.isFrozen(value) && (value as { slug?: unknown }).slug !== undefined);
      expect(items).toEqual([]);
    } finally {
      stringify.mockRestore();
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
      expect(await listed()).not.toContain(mediaIdOf(await square('#0a0b0c')));
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
